// The checkout's busy line (a status the reader hears), apart from parts.tsx so the resume link's page takes it
// without the checkout's texts.
export function Busy({ text }: { text: string }) {
  return (
    <p role="status" aria-live="polite" className="checkout-busy">
      {text}
    </p>
  );
}
