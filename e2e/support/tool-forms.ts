import { expect, type Locator, type Page } from '@playwright/test';

/** The Tools tab's form tools, by form id and button name: the layout audit and the screenshots both walk them. */
export const TOOL_FORMS = [
  ['gridBot', 'Grid bot'],
  ['scaledOrder', 'Scaled order'],
  ['twap', 'TWAP'],
  ['iceberg', 'Iceberg'],
  ['chase', 'Chase'],
] as const;

/**
 * Starts a TWAP of 0.06 ETH in 10 slices of 30 s from its open form, as a trader does: the
 * figures, Start, the confirmation that repeats them, and the form's result line.
 */
export async function startTwapOf006Eth(page: Page, form: Locator): Promise<void> {
  await form.getByLabel('Total quantity').fill('0.06');
  await form.getByLabel('Duration (minutes)').fill('5');
  await form.getByLabel('Interval').selectOption('30');
  await form.getByRole('button', { name: 'Start TWAP' }).click();
  const confirm = page.getByRole('dialog', { name: 'Start TWAP?' });
  await expect(confirm).toContainText('Buy 0.06 ETH in 10 slices, one every 30 s.');
  await confirm.getByRole('button', { name: 'Start TWAP' }).click();
  await expect(form.getByTestId('tool-result')).toHaveText('TWAP started. Follow it under Strategy orders.');
}
