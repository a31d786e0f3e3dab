import { Spinner } from './Spinner.tsx';
import './overlay.css';

/**
 * Stands where a dialog opens while the dialog's code loads: the same backdrop, a spinner. Apart
 * from Dialog.tsx so that what opens a lazy dialog does not load react-aria-components with it.
 */
export function DialogPlaceholder({ label }: { label: string }) {
  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog--loading" aria-busy="true">
        <Spinner label={label} />
      </div>
    </div>
  );
}
