import { useState } from 'react';
import { type MatchType, withMatchType } from '@/components/ui/table/column-picker-rules';
import { logEvent } from '@/lib/analytics';

/** Copies text (selected keywords or domains) to the clipboard and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button--small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          void logEvent('Export_Clipboard', 'selected keywords');
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          setCopied(false);
        }
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

/** Copies the selected keywords written in a match type ("[running shoes]"), one a line. */
export function CopyKeywordsButton({ keywords, matchType }: { keywords: readonly string[]; matchType: MatchType }) {
  return <CopyButton text={keywords.map((keyword) => withMatchType(keyword, matchType)).join('\n')} label={`Copy as ${matchType}`} />;
}
