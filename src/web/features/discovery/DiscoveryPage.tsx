import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import { usePageTitle } from '../../lib/title';
import { FeaturedTab } from './FeaturedTab';
import { OrgsTab } from './OrgsTab';
import { ProgramsTab } from './ProgramsTab';

/** The public discovery page: Featured, All Orgs and All Programs. */
export function DiscoveryPage() {
  usePageTitle('Discover');
  return (
    <section aria-labelledby="discover-heading">
      <h1 id="discover-heading" className="text-2xl font-bold text-slate-900">
        Discover
      </h1>
      <p className="mt-1 text-slate-600">Find organizations and programs, and start an application.</p>
      <Tabs defaultValue="featured" className="mt-6">
        <TabsList aria-label="Discover">
          <TabsTrigger value="featured">Featured</TabsTrigger>
          <TabsTrigger value="orgs">All Orgs</TabsTrigger>
          <TabsTrigger value="programs">All Programs</TabsTrigger>
        </TabsList>
        <TabsContent value="featured">
          <FeaturedTab />
        </TabsContent>
        <TabsContent value="orgs">
          <OrgsTab />
        </TabsContent>
        <TabsContent value="programs">
          <ProgramsTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
