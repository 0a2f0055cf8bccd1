import { describe, expect, it } from '@jest/globals';
import { allowedReconStep, hostOfText, keywordsOfText } from '@serpwise/contracts';
import { primaryDomainOf, stepOfPath, wizardRedirect, type ReconWizardState } from './wizard-state';

const state = (fields: Partial<ReconWizardState> = {}): ReconWizardState => ({
  primaryDomain: { value: '', valid: false },
  keywordsCsv: '',
  competitors: [],
  territory: 'US',
  name: '',
  ...fields,
});
const domain = primaryDomainOf('client.example');
const full = state({ primaryDomain: domain, keywordsCsv: 'running shoes\ntrail shoes', competitors: ['rival.example'] });

describe('recon wizard step rules (docs/product/projects.md §4)', () => {
  it('step 2 needs a valid primary domain, or a domain query', () => {
    expect(allowedReconStep(2, state())).toBe(1);
    expect(allowedReconStep(2, state({ primaryDomain: primaryDomainOf('not a domain') }))).toBe(1);
    expect(allowedReconStep(2, state({ primaryDomain: domain }))).toBe(2);
    expect(allowedReconStep(2, state(), 'client.example')).toBe(2);
    expect(allowedReconStep(2, state(), 'running shoes')).toBe(1);
  });

  it('step 3 also needs the keywords list, else it returns to step 2', () => {
    expect(allowedReconStep(3, state({ primaryDomain: domain }))).toBe(2);
    expect(allowedReconStep(3, state({ primaryDomain: domain, keywordsCsv: ' \n , ' }))).toBe(2);
    expect(allowedReconStep(3, state({ primaryDomain: domain, keywordsCsv: 'running shoes' }))).toBe(3);
    expect(allowedReconStep(3, state({ keywordsCsv: 'running shoes' }))).toBe(1);
  });

  it('step 4 also needs competitors, else it returns to the previous step that holds', () => {
    expect(allowedReconStep(4, full)).toBe(4);
    expect(allowedReconStep(4, { ...full, competitors: [] })).toBe(3);
    expect(allowedReconStep(4, { ...full, keywordsCsv: '' })).toBe(2);
    expect(allowedReconStep(4, state())).toBe(1);
    expect(allowedReconStep(1, state())).toBe(1);
  });

  it('maps paths to steps and redirects a step whose rule fails', () => {
    expect(stepOfPath('/recon/create/seo')).toBe(1);
    expect(stepOfPath('/recon/create/ppc/3')).toBe(3);
    expect(stepOfPath('/recon/create/seo/9')).toBeNull();
    expect(wizardRedirect('seo', '/recon/create/seo/4', { ...full, competitors: [] }, null)).toBe('/recon/create/seo/3');
    expect(wizardRedirect('ppc', '/recon/create/ppc/2', state(), null)).toBe('/recon/create/ppc');
    expect(wizardRedirect('seo', '/recon/create/seo/4', full, null)).toBeNull();
  });

  it('validates domains and normalises keywords', () => {
    expect(hostOfText('https://www.Client.example/path')).toBe('client.example');
    expect(hostOfText('client')).toBeNull();
    expect(primaryDomainOf('x').valid).toBe(false);
    expect(keywordsOfText('Running  Shoes\nrunning shoes, trail shoes\n\n')).toEqual(['running shoes', 'trail shoes']);
  });
});
