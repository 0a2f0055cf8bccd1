import { usePlans } from '../api/billing-calls';

/** Payments here are sandboxed: a visible note with the test cards that the sandbox accepts and declines. */
export function SandboxNote() {
  const { data } = usePlans();
  if (!data?.isSandbox || !data.sandboxTestCards) return null;
  return (
    <aside className="sandbox-note" aria-label="Sandbox payments">
      <strong>Sandbox payments — use a test card.</strong> No real money is charged. Approved:{' '}
      {data.sandboxTestCards.approved.map((card) => `${card.number} (${card.type})`).join(', ')}. Declined: {data.sandboxTestCards.declined[0]?.number}. Any
      expiry date in the future and any 3-4 digit code.
    </aside>
  );
}
