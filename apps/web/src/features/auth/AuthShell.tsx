import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PageMeta, usePageTitle } from "@/components/PageMeta";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

interface AuthShellProps {
  title: string;
  description?: ReactNode;
  /** The document title, when it should differ from the heading. */
  pageTitle?: string;
  /** The page's meta description, for pages a visitor may arrive at from a search or a link. */
  summary?: string;
  icon?: LucideIcon;
  iconClassName?: string;
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * The card that every sign-in, sign-up and password screen sits in, centred across and held at the top: what
 * arrives after the page (the sign-in's demo accounts, an error) grows it downwards, so the fields and
 * buttons above stay under the pointer. Centred down the page, the card moved up by half of what arrived.
 */
export function AuthShell({
  title,
  description,
  pageTitle: documentTitle,
  summary,
  icon: Icon,
  iconClassName,
  children,
  footer,
}: AuthShellProps) {
  const fullTitle = usePageTitle(documentTitle ?? title);
  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-primary/5 to-transparent px-4 py-10 sm:py-16">
      <PageMeta title={fullTitle} description={summary} />
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          {Icon && (
            <span className={cn("mb-2 rounded-full bg-primary/10 p-3 text-primary", iconClassName)}>
              <Icon aria-hidden="true" className="size-6" />
            </span>
          )}
          <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
          {description && <div className="text-sm text-muted-foreground">{description}</div>}
        </CardHeader>
        {children && <CardContent>{children}</CardContent>}
        {footer && (
          <CardFooter className="justify-center text-center text-sm text-muted-foreground">{footer}</CardFooter>
        )}
      </Card>
    </div>
  );
}
