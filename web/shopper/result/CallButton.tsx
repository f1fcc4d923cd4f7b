import { telHref } from '../../lib/format.ts';

/** A phone number the shopper is asked to call, as a button that dials it. */
export function CallButton({ phone }: { phone: string }) {
  return (
    <p>
      <a className="button button--secondary" href={telHref(phone)}>
        {phone}
      </a>
    </p>
  );
}
