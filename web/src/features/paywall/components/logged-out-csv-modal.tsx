import { Modal } from '@/components/ui/modal';
import { AuthTabsPanel } from '@/features/auth';
import { loggedOutCsvModalText } from '../export-promise';

/**
 * The logged-out CSV modal (docs/product/account-exports-reports.md §2, §6): a visitor who asks for a CSV is asked to log in or sign up first, with
 * the combined panel; afterwards the page reloads where they were (the panel's usual behaviour). It promises only
 * what the plan allows: a free account has no CSV (export-promise.ts).
 */
export function LoggedOutCsvModal({ onClose, returnUrl }: { onClose: () => void; returnUrl?: string }) {
  return (
    <Modal open title="Log in to download CSV" onClose={onClose} size="small">
      <p className="csv-modal__text">{loggedOutCsvModalText}</p>
      <AuthTabsPanel returnUrl={returnUrl} />
    </Modal>
  );
}
