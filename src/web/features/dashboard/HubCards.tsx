import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { cn, focusRing } from '../../components/ui/cn';

export interface HubCard {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Linked by path (some targets are built by other areas). */
  to: string;
}

/** The grid of cards on the super hub and the org admin hub. */
export function HubCards({ cards }: { cards: HubCard[] }) {
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map(({ icon: Icon, ...card }) => (
        <li key={card.title}>
          <Link
            to={card.to as never}
            className={cn(
              'flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-300 hover:shadow',
              focusRing,
            )}
          >
            <Icon aria-hidden="true" className="size-6 text-blue-600" />
            <span className="text-lg font-semibold text-slate-900">{card.title}</span>
            <span className="text-sm text-slate-600">{card.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
