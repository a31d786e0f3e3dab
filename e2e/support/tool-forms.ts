/** The Tools tab's form tools, by form id and button name: the layout audit and the screenshots both walk them. */
export const TOOL_FORMS = [
  ['gridBot', 'Grid bot'],
  ['scaledOrder', 'Scaled order'],
  ['twap', 'TWAP'],
  ['iceberg', 'Iceberg'],
  ['chase', 'Chase'],
] as const;
