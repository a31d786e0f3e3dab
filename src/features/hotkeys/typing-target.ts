/** Input types that take typed text (a key there is typing, never a hotkey); checkboxes, radios and buttons are not. */
const TEXT_INPUTS = new Set(['text', 'search', 'number', 'email', 'password', 'tel', 'url', 'date', 'datetime-local', 'month', 'time', 'week', '']);

/** Whether a key pressed with focus on this element is typing: a text field, a select, editable text or a text-entry role. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type);
  if (target.isContentEditable) return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'spinbutton' || role === 'searchbox';
}

/** Whether focus is in a dialog, popover or menu: its keys are its own (a menu's type-ahead, a dialog's buttons). */
export function inOverlay(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !== null;
}
