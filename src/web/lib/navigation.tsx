import { type AnchorHTMLAttributes, type ComponentType, createContext, type Ref, useContext } from 'react';

/**
 * Navigation for what both shells render: the app (TanStack Router) and the landing page's own light
 * shell (landing-main.tsx), which loads no router. The app registers its router here; where none is
 * registered, going somewhere is a full page load.
 */
let navigator: ((href: string) => void) | null = null;

export function registerNavigator(fn: (href: string) => void): () => void {
  navigator = fn;
  return () => {
    if (navigator === fn) navigator = null;
  };
}

export function navigateTo(href: string): void {
  if (navigator) navigator(href);
  else window.location.assign(href);
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An in-app path such as '/dashboard'. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

/** A plain link: the landing shell's (a full page load to the app). */
function PlainLink({ to, ref, ...props }: AppLinkProps) {
  return <a ref={ref} href={to} {...props} />;
}

const LinkContext = createContext<ComponentType<AppLinkProps>>(PlainLink);

/** The app provides its router's Link (client-side navigation, preloading on intent). */
export const LinkProvider = LinkContext.Provider;

/** A link to an in-app path, as the shell it is rendered in links: `<AppLink to="/terms">`. */
export function AppLink(props: AppLinkProps) {
  const Link = useContext(LinkContext);
  return <Link {...props} />;
}
