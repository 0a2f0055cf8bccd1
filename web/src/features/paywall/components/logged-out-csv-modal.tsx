import { Modal } from '@/components/ui/modal';
import { AuthTabsPanel } from '@/features/auth';

/**
 * The logged-out CSV modal (docs/product/account-exports-reports.md §2, §6): a visitor who asks for a CSV is asked to log in or sign up first, with
 * the combined panel; afterwards the page reloads where they were (the panel's usual behaviour).
 */
export function LoggedOutCsvModal({ onClose, returnUrl }: { onClose: () => void; returnUrl?: string }) {
  return (
    <Modal open title="Log in to download CSV" onClose={onClose} size="small">
      <p className="csv-modal__text">CSV downloads are for members. Log in, or create a free account (no credit card required), and download this table.</p>
      <AuthTabsPanel returnUrl={returnUrl} />
    </Modal>
  );
}
