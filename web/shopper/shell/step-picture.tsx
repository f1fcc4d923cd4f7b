import { useLayoutEffect, useRef } from 'react';
import { useBrand } from '../../lib/brand.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { opensOnApplicantStep, type StoreShape } from './first-step.ts';
import { holdTypedFields } from './picture-fields.ts';

// The application form's first step as index.html paints it (prerender.tsx renders the wizard's empty applicant step
// at build time, in each language and brand): the app keeps showing that picture while the form's code and data
// load, instead of a smaller "Loading..." frame, so a reload of the application page shows the form from the first
// paint and the screen does not change shape when the real form replaces it. Its fields take typing, which the form
// takes over when it arrives (picture-fields.ts).

const pictures = new Map<string, string>();

/** Keeps the prerendered pictures (main.tsx, before the app's first render clears #root). */
export function captureStepPictures(root: ParentNode): void {
  for (const copy of root.querySelectorAll<HTMLElement>('[data-prerender^="apply "]')) {
    const [, lang, brand] = (copy.dataset.prerender ?? '').split(' ');
    const picture = copy.querySelector('.step-picture');
    if (picture) pictures.set(`${lang} ${brand}`, picture.innerHTML);
  }
}

/** The picture for this store (only a store whose form opens on that step), in the current language and brand. */
export function useStepPicture(store: StoreShape | null | undefined): string | null {
  const { lang } = useI18n();
  const { brand } = useBrand();
  return opensOnApplicantStep(store) ? (pictures.get(`${lang} ${brand.key}`) ?? null) : null;
}

/**
 * While the application loads: the first step's picture, whose fields take typing (kept for the form:
 * picture-fields.ts), or, without one, the status line alone.
 */
export function ApplyLoading({ store, text }: { store: StoreShape | null | undefined; text: string }) {
  const picture = useStepPicture(store);
  return (
    <>
      <p role="status" aria-live="polite" className={picture ? 'visually-hidden' : undefined}>
        {text}
      </p>
      {picture && <TypeablePicture markup={picture} />}
    </>
  );
}

function TypeablePicture({ markup }: { markup: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // before the paint: the copy shows what was typed into the one before it, and has its focus
  useLayoutEffect(() => holdTypedFields(ref.current!), [markup]);
  // our own build's markup (index.html), not user data
  return <div ref={ref} className="step-picture" dangerouslySetInnerHTML={{ __html: markup }} />;
}
