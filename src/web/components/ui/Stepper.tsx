import { Check } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { cn, focusRing } from './cn';

export type StepState = 'Current' | 'Complete' | 'Upcoming';

export type StepperProps = {
  /** Step labels, in order. */
  steps: readonly string[];
  /** Index of the current step. */
  current: number;
  /** A step's state; by default steps before the current one are Complete. */
  stateOf?: (index: number) => StepState;
  onSelect: (index: number) => void;
  /** Accessible name of the step list. */
  label: string;
  className?: string;
};

/** 'Family/Emergency Contact' may break after the slash, never inside a word. */
function breakable(label: string): ReactNode {
  const parts = label.split('/');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed label
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}

const tone: Record<StepState, { box: string; dot: string; text: string }> = {
  Current: { box: 'border-blue-600 bg-blue-50', dot: 'bg-blue-600 text-white', text: 'text-blue-800' },
  Complete: { box: 'border-green-600 bg-white', dot: 'bg-green-600 text-white', text: 'text-green-800' },
  Upcoming: { box: 'border-slate-200 bg-white', dot: 'bg-slate-200 text-slate-700', text: 'text-slate-600' },
};

/** Numbered steps, each labelled Current, Complete or Upcoming; two columns on phones, one row from 640 px. */
export function Stepper({ steps, current, stateOf, onSelect, label, className }: StepperProps) {
  const state =
    stateOf ?? ((i: number) => (i === current ? 'Current' : i < current ? 'Complete' : 'Upcoming'));
  return (
    <nav aria-label={label} className={className}>
      <ol className={cn('grid grid-cols-2 gap-2', steps.length === 4 ? 'sm:grid-cols-4' : 'sm:grid-cols-3')}>
        {steps.map((step, i) => {
          const s = state(i);
          return (
            <li key={step}>
              <button
                type="button"
                onClick={() => onSelect(i)}
                aria-current={i === current ? 'step' : undefined}
                className={cn(
                  'flex h-full w-full items-start gap-2 rounded-lg border p-3 text-left text-sm',
                  focusRing,
                  tone[s].box,
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    tone[s].dot,
                  )}
                >
                  {s === 'Complete' ? <Check className="size-4" /> : i + 1}
                </span>
                <span className="flex min-w-0 flex-col break-words">
                  <span className="font-medium text-slate-900">{breakable(step)}</span>
                  <span className={cn('text-xs', tone[s].text)}>{s}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
