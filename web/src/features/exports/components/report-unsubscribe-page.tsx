import { restPrefix, type ReportSubscription } from '@serpwise/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest, errorsOf } from '@/lib/api-client';

const path = `${restPrefix}/reports/unsubscribe`;

/**
 * /reports/unsubscribe?token=…: where a report e-mail's Unsubscribe lands (issue 22 point 3). No login: the reader is
 * an agency's client. It says whom and what the link stops and asks first (a mail scanner that follows links stops
 * nothing); Unsubscribe then takes that one address off that one schedule.
 */
export function ReportUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const subscription = useQuery({
    queryKey: ['report-unsubscribe', token],
    queryFn: () => apiRequest<ReportSubscription>(path, { query: { token } }),
    retry: false,
  });
  const stop = useMutation({ mutationFn: () => apiRequest<ReportSubscription>(path, { method: 'POST', body: { token } }) });
  const current = stop.data ?? subscription.data;

  return (
    <section className="page report-unsubscribe">
      <h1>Report e-mails</h1>
      {subscription.isPending && <Spinner />}
      {subscription.error && <p role="alert">{errorsOf(subscription.error).join(' ')}</p>}
      {current && !current.subscribed && (
        <p role="status" data-testid="unsubscribed">
          {current.email} no longer receives {current.title ? <>&ldquo;{current.title}&rdquo;</> : 'this report'}.
        </p>
      )}
      {current?.subscribed && (
        <>
          <p>
            Stop sending &ldquo;{current.title}&rdquo; to {current.email}? Other recipients keep getting it.
          </p>
          <button type="button" className="button button--primary" disabled={stop.isPending} onClick={() => stop.mutate()}>
            Unsubscribe
          </button>
          {stop.error && <p role="alert">{errorsOf(stop.error).join(' ')}</p>}
        </>
      )}
    </section>
  );
}
