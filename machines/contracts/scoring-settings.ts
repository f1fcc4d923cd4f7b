import * as z from 'zod/mini';
import type { ScoringSettings } from '../domain/scoring-settings.ts';

// Staff Scoring Settings (issue 11, route group 'staff-scoring'): the published version, a draft, the what-if
// preview, publish, the version history and restore.
//   GET  /staff/api/scoring-settings                         { published, draft }
//   PUT  /staff/api/scoring-settings/draft                   { settings, note?, v? }   -> ScoringDraftView
//   POST /staff/api/scoring-settings/draft/preview           { limit? }                -> ScoringPreview
//   POST /staff/api/scoring-settings/draft/publish           { v?, note? }             -> ScoringVersionView
//   GET  /staff/api/scoring-settings/versions                paged ScoringVersionRow
//   POST /staff/api/scoring-settings/versions/{id}/restore   { v?, note? }             -> ScoringVersionView

export const SCORING_NOTE_MAX = 500;
export const PREVIEW_DEFAULT_LIMIT = 50;
export const PREVIEW_MAX_LIMIT = 200;

const note = z.optional(
  z.nullable(z.string('The note must be text.').check(z.maxLength(SCORING_NOTE_MAX, 'scoring.validation.noteLength'))),
);
const version = z.optional(z.int('The version must be a whole number.').check(z.minimum(0)));

export const scoringDraftRequest = z.object({
  /** The whole settings object (validated by the service: schema, then scoringSettingsProblems). */
  settings: z.unknown(),
  note,
  /** The draft's version read (optimistic locking); absent to start a new draft. */
  v: version,
});
export type ScoringDraftRequest = z.infer<typeof scoringDraftRequest>;

export const scoringPreviewRequest = z.object({
  limit: z.optional(z.int('The limit must be a whole number.').check(z.minimum(1), z.maximum(PREVIEW_MAX_LIMIT))),
});

export const scoringPublishRequest = z.object({ v: version, note });
export const scoringRestoreRequest = z.object({ v: version, note });
export const scoringVersionPath = z.object({ id: z.string().check(z.regex(/^\d{1,8}$/)) });

export interface ScoringVersionView {
  /** History number (the restore id). */
  id: number;
  /** The settings' version label, recorded on every decision (trace.settingsVersion). */
  version: string;
  settings: ScoringSettings;
  updated_at: string;
  updated_by: string;
}

export interface ScoringDraftView {
  settings: ScoringSettings;
  v: number;
  /** The published history number the draft was last saved against (publish refuses when it moved). */
  based_on: number;
  note: string | null;
  updated_at: string;
  updated_by: string;
}

export interface ScoringSettingsView {
  published: ScoringVersionView;
  draft: ScoringDraftView | null;
}

export interface ScoringVersionRow {
  id: number;
  version: string;
  action: string;
  note: string | null;
  restored_from: number | null;
  updated_at: string;
  updated_by: string;
  current: boolean;
}

export interface ScoringPreviewOutcome {
  code: string;
  approval_amount: string;
}

export interface ScoringPreviewChange {
  uuid: string;
  created_at: string;
  decile: number | null;
  published: ScoringPreviewOutcome;
  draft: ScoringPreviewOutcome;
}

export interface ScoringPreview {
  /** Decided applications re-scored (newest first). */
  sampled: number;
  /** Decided applications that could not be re-scored (incomplete data, store gone). */
  skipped: number;
  /** Approve/deny flips between the published settings and the draft. */
  decisions_changed: number;
  /** Approvals whose amount differs (both approved). */
  amounts_changed: number;
  approved_published: number;
  approved_draft: number;
  draft_version_based_on: number;
  changes: ScoringPreviewChange[];
  /** Every application re-scored (uuid), so a caller can tell which were included. */
  uuids: string[];
}
