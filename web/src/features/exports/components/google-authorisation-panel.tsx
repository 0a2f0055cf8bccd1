import { googleSheetsMessages } from '@serpwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/notifications';
import { googleAuthQueryKey, revokeGoogleToken, useGoogleAuth } from '../api/google-auth';

/**
 * Google Sheets authorisation (docs/product/account-exports-reports.md §4: it can be granted and removed): granted from the Export menu the first time a
 * table goes to Sheets; removed here, with the documented messages. Shown only while there is one to remove.
 */
export function GoogleAuthorisationPanel() {
  const google = useGoogleAuth(true).data;
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeGoogleToken,
    onSuccess: () => {
      notify(googleSheetsMessages.authorisationRemoved, { type: 'success' });
      void client.invalidateQueries({ queryKey: googleAuthQueryKey });
    },
    onError: () => notify(googleSheetsMessages.authorisationRemovalFailed, { type: 'error' }),
  });
  if (!google?.configured || !google.hasGoogleToken) return null;
  return (
    <div className="google-authorisation" data-testid="google-authorisation">
      <p>Your Google account is connected for exports to Google Sheets.</p>
      <button type="button" className="button button--small button--ghost" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
        Remove Google Authorization
      </button>
    </div>
  );
}
