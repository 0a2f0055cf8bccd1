import { useProjectPanel } from '@/features/projects/panel-context';
import { projectNameOf } from './project-name';

/** One copy of a website or link kept in another project, and how to open it there. */
export interface KeptCopy {
  key: string;
  projectId: string | null | undefined;
  open: () => void;
}

/** 'Also kept in:' the other projects that keep the same domain or address (Contexts/GetDomain, Contexts/GetUrl). */
export function AlsoKeptIn({ copies }: { copies: readonly KeptCopy[] }) {
  const panel = useProjectPanel();
  if (!copies.length) return null;
  return (
    <p className="msf-context">
      Also kept in:{' '}
      {copies.map((copy, index) => (
        <span key={copy.key}>
          {index > 0 && ', '}
          <button type="button" className="button--link" onClick={copy.open}>
            {projectNameOf(panel.projects, copy.projectId)}
          </button>
        </span>
      ))}
    </p>
  );
}
