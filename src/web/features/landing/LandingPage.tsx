import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { type MouseEvent, useEffect } from 'react';
import { ORG_APPLICATION_PROGRAM_ID } from '../../../shared/domain/applyhub';
import { safeNextPath } from '../../../shared/domain/redirect';
import { Footer } from '../../components/layout/Footer';
import { Button, buttonClasses } from '../../components/ui/Button';
import { AppLink, navigateTo } from '../../lib/navigation';
import { meQuery } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { useLoginDialog } from '../auth/login-dialog-context';
import { FeatureBlocks } from './FeatureBlocks';

const orgApplicationPath = `/programs/${ORG_APPLICATION_PROGRAM_ID}/apply`;

/**
 * The landing page (spec §2 Landing page). Rendered by the app's `/` route and by the landing page's
 * own light shell (landing-main.tsx, no router): it links with AppLink and navigateTo, never the router.
 */
export function LandingPage({ next }: { next?: string }) {
  usePageTitle(null);
  const me = useQuery(meQuery);
  const signedIn = !!me.data;
  const { openLogin } = useLoginDialog();

  // The signed-in guard sends visitors here with ?next=/the/page: ask them to sign in right away.
  useEffect(() => {
    if (next && me.isSuccess && me.data === null) openLogin(safeNextPath(next));
  }, [next, me.isSuccess, me.data, openLogin]);

  function learnMore() {
    const section = document.getElementById('features');
    if (!section) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  }

  function goToOrgApplication(e: MouseEvent<HTMLAnchorElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigateTo(orgApplicationPath);
  }

  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <section className="bg-gradient-to-b from-blue-50 to-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-24">
            <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Welcome to <span className="text-blue-700">ApplyHub</span>
            </h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700 sm:text-xl">
              Making forms easier for both applicants and organizations.
            </p>
            <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              {signedIn ? (
                <AppLink to="/dashboard" className={buttonClasses({ size: 'lg' })}>
                  Go to Dashboard
                  <ArrowRight className="size-4" aria-hidden="true" />
                </AppLink>
              ) : (
                <Button size="lg" onClick={() => openLogin(next ? safeNextPath(next) : undefined)}>
                  Get Started
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Button>
              )}
              <Button variant="secondary" size="lg" onClick={learnMore}>
                Learn More
              </Button>
            </div>
            <p className="mt-6 text-slate-700">
              <AppLink to="/browse" className="font-medium text-blue-700 underline-offset-4 hover:underline">
                Browse programs and organizations
              </AppLink>
            </p>
          </div>
        </section>

        <section
          id="features"
          tabIndex={-1}
          aria-labelledby="features-title"
          className="scroll-mt-4 focus:outline-none"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="features-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
              How ApplyHub works
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
              One profile for applicants, custom forms for organizations, and shared reviews for everyone who
              decides.
            </p>
            <div className="mt-10">
              <FeatureBlocks headingLevel={3} />
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:px-6">
            <h2 id="cta-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Ready to get started?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-600">
              Organizations apply to publish their programs. Applicants sign up once and apply anywhere.
            </p>
            <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              <a
                href={orgApplicationPath}
                onClick={goToOrgApplication}
                className={buttonClasses({ variant: 'secondary', size: 'lg' })}
              >
                Organizations Start Here
              </a>
              {signedIn ? (
                <AppLink to="/dashboard" className={buttonClasses({ size: 'lg' })}>
                  Applicants Start Here
                </AppLink>
              ) : (
                <Button size="lg" onClick={() => openLogin(next ? safeNextPath(next) : undefined)}>
                  Applicants Start Here
                </Button>
              )}
            </div>
          </div>
        </section>
      </main>
      <Footer />
    </>
  );
}
