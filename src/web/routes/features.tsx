import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Footer } from '../components/layout/Footer';
import { LinkButton } from '../components/ui/LinkButton';
import { FeatureBlocks } from '../features/landing/FeatureBlocks';
import { meQuery } from '../lib/session';
import { usePageTitle } from '../lib/title';

export const Route = createFileRoute('/features')({
  component: FeaturesPage,
});

function FeaturesPage() {
  usePageTitle('How it works');
  const me = useQuery(meQuery);
  return (
    <>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">How ApplyHub works</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">
            Making forms easier for both applicants and organizations.
          </p>
          <div className="mt-10">
            <FeatureBlocks headingLevel={2} />
          </div>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <LinkButton to="/" variant="secondary" size="lg">
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Home
            </LinkButton>
            <LinkButton to="/dashboard" size="lg">
              {me.data ? 'Go to Dashboard' : 'Get Started'}
              <ArrowRight className="size-4" aria-hidden="true" />
            </LinkButton>
          </div>
        </div>
      </main>
      <Footer />
    </>
  );
}
