// What a mounted flow (the wizard or the single-page form) hands back to ApplyPage, which mounts them: kept apart
// so that the page and the flows it mounts do not import one another.
import type { WizardSnapshot } from '../../../machines/application/wizard.machine.ts';
import type { ApplicationDraft } from '../../../machines/contracts/application.ts';

export interface FlowHandle {
  draft: () => ApplicationDraft;
  /** The wizard's snapshot (the single-page form restarts from its values). */
  snapshot?: () => WizardSnapshot;
}
