import { useQuery } from '@tanstack/react-query';
import { Building2, Sparkles, Users } from 'lucide-react';
import { type FocusEvent, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { CAROUSEL_MS, deadlineText } from '../../../shared/domain/discovery';
import { featuredCardPaint } from '../../../shared/domain/featured-colors';
import { generatedCover } from '../../../shared/domain/generated-cover';
import type { FeaturedItem, FeaturedSection } from '../../../shared/schemas/public';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { featuredQuery, useStartApplication } from './api';

export function FeaturedTab() {
  const featured = useQuery(featuredQuery);
  if (featured.isPending) {
    return (
      <p role="status" className="py-6 text-slate-600">
        Loading Featured Programs...
      </p>
    );
  }
  if (featured.isError) {
    return (
      <ErrorState
        message="Failed to load featured items"
        onRetry={() => void featured.refetch()}
        retrying={featured.isFetching}
      />
    );
  }
  const sections = featured.data.items;
  if (sections.length === 0) return <EmptyState title="Nothing featured yet." />;
  return (
    <div className="space-y-10">
      {sections.map((section) => {
        const headingId = `featured-${section.id}`;
        const heading = (
          <h2 id={headingId} className="mb-4 text-xl font-semibold text-slate-900">
            {section.header}
          </h2>
        );
        if (section.section_type === 'carousel' && section.items.length > 0) {
          return <Carousel key={section.id} section={section} heading={heading} headingId={headingId} />;
        }
        return (
          <section key={section.id} aria-labelledby={headingId}>
            {heading}
            {section.items.length === 0 ? (
              <EmptyState title="Nothing featured yet." />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {section.items.map((item) => (
                  <li key={item.id} className="flex">
                    <FeaturedCard item={item} variant="gallery" />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(reducedMotionQuery);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(reducedMotionQuery).matches,
    () => false,
  );
}

/**
 * One slide at a time, fading; advances every 5 s unless the pointer is over it, focus is inside it,
 * or the viewer prefers reduced motion. Dots choose a slide.
 */
function Carousel({
  section,
  heading,
  headingId,
}: {
  section: FeaturedSection;
  heading: ReactNode;
  headingId: string;
}) {
  const count = section.items.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = usePrefersReducedMotion();
  const current = Math.min(index, count - 1);
  const rotating = count > 1 && !hovered && !focused && !reduced;

  useEffect(() => {
    if (!rotating) return;
    const id = window.setTimeout(() => setIndex((current + 1) % count), CAROUSEL_MS);
    return () => window.clearTimeout(id);
  }, [rotating, current, count]);

  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-rotating={rotating ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {heading}
      <div className="grid" aria-live={rotating ? 'off' : 'polite'}>
        {section.items.map((item, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a group named 'N of M'.
          <div
            key={item.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== current || undefined}
            inert={i !== current}
            className={cn(
              'col-start-1 row-start-1 flex transition-[opacity,visibility] duration-700 ease-in-out',
              i === current ? 'visible opacity-100' : 'invisible opacity-0',
            )}
          >
            <FeaturedCard item={item} variant="carousel" />
          </div>
        ))}
      </div>
      {count > 1 && (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form field set.
        <div role="group" aria-label={`${section.header}: slides`} className="mt-3 flex justify-center gap-1">
          {section.items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              aria-label={`Show slide ${i + 1} of ${count}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className={cn('grid size-6 place-items-center rounded-full', focusRing)}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block size-2.5 rounded-full transition-colors',
                  i === current ? 'bg-blue-600' : 'bg-slate-400 hover:bg-slate-500',
                )}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

const targetNames = { org: 'Organization', coalition: 'Coalition', program: 'Program' } as const;
const typeName = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

function FeaturedCard({ item, variant }: { item: FeaturedItem; variant: 'carousel' | 'gallery' }) {
  const start = useStartApplication();
  const { target } = item;
  const title = item.title?.trim() || target.name;
  const description = item.description?.trim() || target.description;
  const paint = featuredCardPaint(item.card_color);
  // No colour chosen: a cover of its own (initials and a colour from the name), not one shared placeholder.
  const cover = item.card_color?.trim() ? null : generatedCover(title);
  const label = item.button_label?.trim() || (variant === 'carousel' ? 'Learn More' : 'View');
  const Icon = item.target_type === 'org' ? Building2 : item.target_type === 'coalition' ? Users : Sparkles;
  const carousel = variant === 'carousel';
  const action = <span className="sr-only">: {title}</span>;

  return (
    <article
      className={cn(
        'flex w-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm',
        carousel ? 'flex-col md:flex-row' : 'flex-col',
      )}
    >
      <div
        aria-hidden="true"
        data-card-color={item.card_color ?? 'generated'}
        className={cn(
          'flex shrink-0 items-center justify-center text-white',
          carousel ? 'h-28 md:h-auto md:w-2/5' : 'h-20',
          !cover && paint.className,
        )}
        style={
          cover
            ? { backgroundColor: cover.background, color: cover.foreground }
            : paint.color
              ? { backgroundColor: paint.color }
              : undefined
        }
      >
        {cover ? (
          <span
            data-cover-initials
            className={cn('font-bold tracking-wide', carousel ? 'text-5xl' : 'text-3xl')}
          >
            {cover.initials}
          </span>
        ) : (
          <Icon className={carousel ? 'size-12' : 'size-8'} />
        )}
      </div>
      <div className={cn('flex flex-1 flex-col', carousel ? 'p-6 md:p-8' : 'p-5')}>
        <div className="flex flex-wrap gap-2">
          <Badge tone="info">{targetNames[item.target_type]}</Badge>
          {target.program_type && <Badge tone="purple">{typeName(target.program_type)}</Badge>}
        </div>
        <h3 className={cn('mt-2 font-semibold text-slate-900', carousel ? 'text-2xl' : 'text-lg')}>
          {title}
        </h3>
        {target.organization_name && target.organization_name !== title && (
          <p className="mt-1 text-sm text-slate-600">{target.organization_name}</p>
        )}
        {description && (
          <p className={cn('mt-2 flex-1 text-slate-700', carousel ? 'text-base' : 'line-clamp-3 text-sm')}>
            {description}
          </p>
        )}
        {item.target_type === 'program' && (
          <p className="mt-3 text-sm font-medium text-slate-800">
            {target.close_at ? deadlineText(target.close_at, new Date()) : 'No deadline'}
          </p>
        )}
        <div className="mt-4">
          {item.target_type === 'program' ? (
            <Button
              size={carousel ? 'md' : 'sm'}
              loading={start.isPending}
              onClick={() => start.mutate(item.target_id)}
            >
              {label}
              {action}
            </Button>
          ) : item.target_type === 'org' ? (
            <LinkButton to="/org/$orgSlug" params={{ orgSlug: target.slug }} size={carousel ? 'md' : 'sm'}>
              {label}
              {action}
            </LinkButton>
          ) : (
            <LinkButton to="/coalitions/$slug" params={{ slug: target.slug }} size={carousel ? 'md' : 'sm'}>
              {label}
              {action}
            </LinkButton>
          )}
        </div>
      </div>
    </article>
  );
}
