import { createLink } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { cn, focusRing } from './cn';

type BackAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function BackAnchor({ className, children, ref, ...props }: BackAnchorProps) {
  return (
    <a
      ref={ref}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-blue-700 hover:text-blue-800 hover:underline',
        focusRing,
        className,
      )}
      {...props}
    >
      <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </a>
  );
}

/** The one "back to …" link above a page title: `<BackLink to="/super">Back to Super Admin</BackLink>`. */
export const BackLink = createLink(BackAnchor);
