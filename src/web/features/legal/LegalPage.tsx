import type { ReactNode } from 'react';
import { Footer } from '../../components/layout/Footer';
import { usePageTitle } from '../../lib/title';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A plain text page (Terms, Privacy Policy): a title, when it last changed, and its sections. */
export function LegalPage({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: LegalSection[];
}) {
  usePageTitle(title);
  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p>
          {sections.map((s) => (
            <section key={s.heading} className="mt-8">
              <h2 className="text-lg font-semibold text-slate-900">{s.heading}</h2>
              <div className="mt-2 space-y-3 text-slate-700">{s.body}</div>
            </section>
          ))}
        </article>
      </main>
      <Footer />
    </>
  );
}
