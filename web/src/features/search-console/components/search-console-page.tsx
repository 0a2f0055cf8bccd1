import '../search-console.css';
import { isFinished, type JobStatus, type SearchConsoleMonth, type SearchConsoleProperty, type SearchConsoleSyncStatus } from '@serpwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/ui/modal';
import { ProgressBar } from '@/components/ui/progress-bar';
import { RequestError } from '@/components/ui/request-error';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { formatMonth, formatNumber } from '@/lib/format';
import { useSocketConnected } from '@/lib/socket';
import { useJobEvents } from '@/lib/use-job-events';
import {
  searchConsoleConsentUrl,
  searchConsoleKey,
  searchConsoleMonthsKey,
  useDisconnect,
  usePickProperties,
  useSearchConsoleCountries,
  useSearchConsoleMonths,
  useSearchConsoleSites,
  useSearchConsoleState,
  useSyncNow,
} from '../api/search-console';
import { countryLines, type CountryLine } from '../country-lines';

const permissionWords: Record<string, string> = { siteOwner: 'Owner', siteFullUser: 'Full user', siteRestrictedUser: 'Restricted user', siteUnverifiedUser: 'Not verified' };
const count = (value: number) => formatNumber(value, 0);

/** A property's site by month, as Search Console's chart shows it (— where Google gave no figure). */
const monthColumns: SimpleColumn<SearchConsoleMonth>[] = [
  { header: 'Month', cell: (month) => formatMonth(month.month) },
  { header: 'Clicks', cell: (month) => (month.clicks === null ? '—' : count(month.clicks)) },
  { header: 'Impressions', cell: (month) => (month.impressions === null ? '—' : count(month.impressions)) },
];

const countryColumns: SimpleColumn<CountryLine>[] = [
  { header: 'Country', cell: (line) => (line.codes.length ? <span title={`Not on the research screens: ${line.codes.join(', ')}`}>{line.name}</span> : line.name) },
  { header: 'Clicks', cell: (line) => count(line.clicks) },
  { header: 'Impressions', cell: (line) => count(line.impressions) },
];

/**
 * /account/search-console (issue 20, point 1): connect Search Console with Google, pick properties, watch each one's
 * backfill and daily syncs live (days and rows), see its site's clicks by month with links to its research pages,
 * and disconnect (keeping or removing the data).
 */
export function SearchConsolePage() {
  const { data: state, isPending, error } = useSearchConsoleState();
  // Opens the page's socket now, so a sync's progress arrives live from its first day.
  const live = useSocketConnected();
  const [confirming, setConfirming] = useState(false);
  const [removeData, setRemoveData] = useState(false);
  const disconnect = useDisconnect();

  return (
    <section className="page search-console">
      <h1>Search Console</h1>
      <p className="lead">
        Connect Google Search Console and Serpwise brings in your sites&apos; own clicks, impressions, queries and pages — up to 16 months back,
        then every day. Only you see them, on your research screens, marked &quot;Your data: Search Console&quot;.
      </p>
      {isPending && <p>Loading…</p>}
      <RequestError error={error} />
      {state && !state.configured && (
        <p className="alert alert--error" role="alert">
          Search Console is not set up on this installation: an administrator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.
        </p>
      )}
      {state?.configured && !state.connected && (
        <div className="search-console__actions">
          <button type="button" className="button button--primary" onClick={() => window.location.assign(searchConsoleConsentUrl(state.authorizeUrl!))}>
            Connect Search Console
          </button>
          <span>Google asks you to let Serpwise read your Search Console data (read only).</span>
        </div>
      )}
      {state?.connected && <PropertyPicker />}
      {state && state.properties.length > 0 && (
        <>
          <h2>Your properties</h2>
          <p className="search-console__transport" data-live={live}>
            {live ? 'Progress updates live.' : 'Progress updates every 3 seconds.'}
          </p>
          <ul className="search-console__properties">
            {state.properties.map((property) => (
              <PropertyEntry key={property.id} property={property} connected={state.connected} />
            ))}
          </ul>
        </>
      )}
      {state?.connected && (
        <div className="search-console__actions">
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            Disconnect Search Console
          </button>
        </div>
      )}
      {disconnect.isSuccess && <p role="status">{disconnect.data.message}</p>}
      {state?.removal && <RemovalState initial={state.removal} />}
      <ConfirmModal
        open={confirming}
        title="Disconnect Search Console?"
        keepLabel="Stay connected"
        confirmLabel="Disconnect"
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate(removeData, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        <p>Serpwise forgets your Google authorisation and revokes it at Google; syncing stops.</p>
        <label>
          <input type="checkbox" checked={removeData} onChange={(event) => setRemoveData(event.target.checked)} /> Also remove the data Search Console
          brought
        </label>
        <RequestError error={disconnect.error} />
      </ConfirmModal>
    </section>
  );
}

/** The properties the Google account can read: pick one or more to sync. */
function PropertyPicker() {
  const { data: sites, isPending, error } = useSearchConsoleSites(true);
  const pick = usePickProperties();
  const [chosen, setChosen] = useState<string[]>([]);
  if (isPending) return <p>Reading your Search Console properties…</p>;
  if (error) return <RequestError error={error} />;
  const open = (sites ?? []).filter((site) => !site.picked);
  return (
    <form
      className="search-console__picker"
      onSubmit={(event) => {
        event.preventDefault();
        pick.mutate(chosen, { onSuccess: () => setChosen([]) });
      }}
    >
      <h2>Pick properties to sync</h2>
      {open.length === 0 && <p>{sites?.length ? 'Every property of your Google account is being synced.' : 'Your Google account has no Search Console properties.'}</p>}
      <ul className="search-console__sites">
        {open.map((site) => (
          <li key={site.siteUrl}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(site.siteUrl)}
                disabled={!site.domain || site.permissionLevel === 'siteUnverifiedUser'}
                onChange={(event) => setChosen((now) => (event.target.checked ? [...now, site.siteUrl] : now.filter((url) => url !== site.siteUrl)))}
              />
              {site.siteUrl} <span className="search-console__permission">{permissionWords[site.permissionLevel] ?? site.permissionLevel}</span>
            </label>
          </li>
        ))}
      </ul>
      {open.length > 0 && (
        <button type="submit" className="button button--primary" disabled={chosen.length === 0 || pick.isPending}>
          Sync selected properties
        </button>
      )}
      <RequestError error={pick.error} />
    </form>
  );
}

/** One picked property: its latest sync live (days and rows), what it holds, its clicks by month and research links. */
function PropertyEntry({ property, connected }: { property: SearchConsoleProperty; connected: boolean }) {
  const client = useQueryClient();
  const initial = property.lastSync;
  const running = initial !== null && !isFinished(initial.state);
  const { status: latest } = useJobEvents(running ? initial.id : null, running ? initial : undefined);
  const sync = ((running ? latest : null) ?? initial) as SearchConsoleSyncStatus | null;
  const syncing = sync !== null && !isFinished(sync.state);
  const syncNow = useSyncNow();
  const months = useSearchConsoleMonths(property.id, property.daysDone > 0 || sync?.state === 'completed');
  const countries = useSearchConsoleCountries(property.id, property.daysDone > 0 || sync?.state === 'completed');

  // A sync that ends changes what the property holds: read the list and its months again.
  const ended = running && sync !== null && isFinished(sync.state);
  useEffect(() => {
    if (!ended) return;
    void client.invalidateQueries({ queryKey: searchConsoleKey });
    void client.invalidateQueries({ queryKey: searchConsoleMonthsKey(property.id) });
  }, [client, ended, property.id]);

  const research = (path: string) => `${path}?query=${encodeURIComponent(property.domain)}`;
  return (
    <li className="search-console-property" data-testid="search-console-property" data-state={sync?.state ?? 'none'}>
      <h3>{property.siteUrl}</h3>
      <div className="search-console-property__facts">
        {property.daysDone > 0
          ? `${count(property.daysDone)} days from ${property.firstDay} to ${property.lastDay ?? '—'}, ${count(property.rows)} rows`
          : `From ${property.firstDay}: nothing fetched yet`}
      </div>
      {sync && (
        <div className="search-console-property__sync">
          <strong>{syncing ? (sync.searchConsole.mode === 'backfill' ? 'Backfilling' : 'Syncing') : sync.state === 'completed' ? 'Up to date' : sync.state === 'failed' ? 'Sync failed' : 'Sync cancelled'}</strong>
          {syncing && <ProgressBar percent={sync.percent} label={`Sync of ${property.siteUrl}`} />}
          {syncing && sync.message && <div className="search-console-property__message">{sync.message}</div>}
          {sync.state === 'failed' && sync.error && (
            <div className="alert alert--error" role="alert">
              {sync.error}
            </div>
          )}
        </div>
      )}
      {months.data && months.data.length > 0 && (
        <SimpleTable className="search-console-months" label={`Clicks by month of ${property.domain}`} columns={monthColumns} rows={months.data} rowKey={(month) => month.month} />
      )}
      {countries.data && countries.data.length > 0 && (
        <>
          <SimpleTable className="search-console-months" label={`Clicks by country of ${property.domain}`} columns={countryColumns} rows={countryLines(countries.data)} rowKey={(line) => line.name} />
          {countries.data.some((country) => country.territory === null) && (
            <p className="muted">Other countries are kept and counted in the months above, but the research screens show only the territories Serpwise covers.</p>
          )}
        </>
      )}
      <div className="search-console-property__links">
        {property.daysDone > 0 && <Link to={research('/overview/domain')}>Overview of {property.domain}</Link>}
        {property.daysDone > 0 && <Link to={research('/seo/top-pages/domain')}>Top pages of {property.domain}</Link>}
        {property.daysDone > 0 && <Link to={research('/seo/keywords/domain')}>Keywords of {property.domain}</Link>}
        {connected && !syncing && (
          <button type="button" className="button button--small" disabled={syncNow.isPending} onClick={() => syncNow.mutate(property.id)}>
            Sync now
          </button>
        )}
      </div>
      <RequestError error={syncNow.error} />
    </li>
  );
}

/** The removal of the user's Search Console data (a disconnect that asked for it), live while it runs. */
function RemovalState({ initial }: { initial: JobStatus }) {
  const running = !isFinished(initial.state);
  const { status: latest } = useJobEvents(running ? initial.id : null, running ? initial : undefined);
  const removal = (running ? latest : null) ?? initial;
  if (removal.state === 'completed' && !running) return null;
  return (
    <div className="search-console__removal" data-testid="search-console-removal" data-state={removal.state}>
      {!isFinished(removal.state) && (
        <>
          <ProgressBar percent={removal.percent} label="Removal of your Search Console data" />
          <div>{removal.message}</div>
        </>
      )}
      {removal.state === 'completed' && <p role="status">Search Console data removed.</p>}
      {removal.state === 'failed' && (
        <p className="alert alert--error" role="alert">
          Removing your Search Console data failed: {removal.error}
        </p>
      )}
    </div>
  );
}
