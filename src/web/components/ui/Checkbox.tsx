import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn, focusRing } from './cn';
import { useFieldIds } from './Field';

export type CheckboxProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  name?: string;
  className?: string;
};

/** A Radix checkbox with its label beside it, an optional hint and an error line. */
export function Checkbox({
  label,
  hint,
  error,
  checked,
  onCheckedChange,
  disabled,
  required,
  id,
  name,
  className,
}: CheckboxProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <CheckboxPrimitive.Root
          id={ids.controlId}
          name={name}
          checked={checked}
          onCheckedChange={(v) => onCheckedChange(v === true)}
          disabled={disabled}
          required={required}
          aria-describedby={ids.describedBy}
          aria-invalid={error ? true : undefined}
          className={cn(
            'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border bg-white shadow-sm',
            'data-[state=checked]:border-blue-600 data-[state=checked]:bg-blue-600 data-[state=checked]:text-white',
            'disabled:cursor-not-allowed disabled:opacity-60',
            error ? 'border-red-600' : 'border-slate-400',
            focusRing,
          )}
        >
          <CheckboxPrimitive.Indicator>
            <Check className="size-4" strokeWidth={3} aria-hidden="true" />
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <label htmlFor={ids.controlId} className="text-sm text-slate-800">
          {label}
          {required && (
            <span className="ml-0.5 text-red-700" aria-hidden="true">
              *
            </span>
          )}
        </label>
      </div>
      {hint && (
        <p id={ids.hintId} className="pl-8 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="pl-8 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
