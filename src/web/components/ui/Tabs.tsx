import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn, focusRing } from './cn';

/** Radix tabs: arrow keys move between tabs. Use <Tabs defaultValue> or <Tabs value onValueChange>. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex gap-1 overflow-x-auto border-b border-slate-200', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600',
        'hover:text-slate-900 data-[state=active]:border-blue-600 data-[state=active]:text-blue-700',
        'disabled:cursor-not-allowed disabled:opacity-60',
        // Inset ring: the list scrolls sideways, which would clip an outset one.
        'rounded-t-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('pt-4', focusRing, className)} {...props} />;
}
