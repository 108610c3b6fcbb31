/** What a guard shows while it resolves: the spec's 'Loading…' or 'Checking access…'. */
export function Pending({ text = 'Loading…' }: { text?: string }) {
  return (
    <main id="main" className="flex min-h-[50vh] items-center justify-center px-4">
      <p role="status" aria-live="polite" className="flex items-center gap-3 text-slate-600">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600"
        />
        {text}
      </p>
    </main>
  );
}
