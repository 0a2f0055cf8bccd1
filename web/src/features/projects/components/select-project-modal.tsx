import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { SearchableDropdown } from '@/components/ui/searchable-dropdown';
import { panelStore } from '../panel-state';
import { useOptionalProjectPanel, useProjectPanel, type SignUpPurpose } from '../panel-context';
import { loginHref, useHere, withReturnUrl } from '@/lib/return-url';

/**
 * 'Select a project' (docs/product/projects.md §2): a searchable project dropdown with '(create new)'. Submit on an existing project makes
 * it active and runs the pending import; on a new name it opens create-project with that name.
 */
export function SelectProjectModal() {
  const panel = useProjectPanel();
  const [choice, setChoice] = useState<{ name: string; isNew: boolean } | null>(null);
  const projects = panel.projects ?? [];
  const close = (keepPending = false) => {
    panelStore.set({ selectorOpen: false, ...(keepPending ? {} : { pendingImport: null }) });
    setChoice(null);
  };
  const submit = () => {
    if (!choice) return;
    const existing = projects.find((project) => project.projectName.toLowerCase() === choice.name.toLowerCase());
    if (existing) {
      panel.setActiveProject(existing.id);
      close(true);
      void panel.runPending();
    } else {
      close(true);
      panel.msf.go('create-project', { name: choice.name });
    }
  };
  return (
    <Modal
      open={panel.state.selectorOpen}
      title="Select a project"
      onClose={() => close()}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={() => close()}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={!choice} onClick={submit}>
            Submit
          </button>
        </>
      }
    >
      <p className="visually-hidden">Select a project</p>
      <SearchableDropdown
        label="Search projects"
        placeholder="Enter a project name"
        options={projects.map((project) => project.projectName)}
        value={choice?.name ?? null}
        onSelect={(name) => setChoice({ name, isNew: false })}
        onCreate={(name) => setChoice({ name, isNew: true })}
      />
    </Modal>
  );
}

const overlayTexts: Record<SignUpPurpose, { title: string; text: string }> = {
  keywords: { title: 'Save keywords to a project', text: 'Saving keywords to projects needs a full account.' },
  urls: { title: 'Save pages to a project', text: 'Saving pages to projects needs an account.' },
  outreach: { title: 'Add sites to outreach', text: 'Backlink outreach needs a full account.' },
};

/** Visitors and free users who try to add keywords (or outreach sites) get the sign-up / login overlay (docs/product/projects.md §4, §6). */
export function SignUpOverlay() {
  const panel = useProjectPanel();
  const here = useHere();
  const texts = overlayTexts[panel.signUpOverlay ?? 'keywords'];
  return (
    <Modal open={panel.signUpOverlay !== null} title={texts.title} onClose={panel.closeSignUpOverlay} size="small">
      <p>{texts.text}</p>
      <p>
        {panel.isLoggedIn ? (
          <a className="button button--primary" href={withReturnUrl('/mainpurchase/?page=default', here)}>
            Upgrade Now
          </a>
        ) : (
          <>
            <a className="button button--primary" href={withReturnUrl('/mainpurchase/?page=default', here)}>
              Sign Up
            </a>{' '}
            <a className="button" href={loginHref(here)}>
              Log in
            </a>
          </>
        )}
      </p>
    </Modal>
  );
}

/** 'Add to project' for the research tables' selection bar. */
export function AddToProjectButton({ terms }: { terms: string[] }) {
  const panel = useOptionalProjectPanel();
  const [busy, setBusy] = useState(false);
  // Outside the app layout (isolated page tests) there is no panel to add to.
  if (!panel) return null;
  return (
    <button
      type="button"
      className="button button--small button--primary"
      disabled={busy || terms.length === 0}
      onClick={() => {
        setBusy(true);
        void panel.addKeywords(terms).finally(() => setBusy(false));
      }}
    >
      Add to project
    </button>
  );
}
