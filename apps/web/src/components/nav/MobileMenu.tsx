import type { User } from "@lms/contract";
import { LogOut, Settings, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useGetStartedPath } from "@/api/site-settings";
import { UserAvatar } from "@/components/UserAvatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { CourseSearch } from "./CourseSearch";
import type { NavItem } from "./nav-links";

interface MobileMenuProps {
  id: string;
  user: User | null;
  links: NavItem[];
  onNavigate: () => void;
  onLogout: () => void;
}

const itemClasses =
  "flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function MobileMenu({ id, user, links, onNavigate, onLogout }: MobileMenuProps) {
  const { t } = useTranslation();
  const getStarted = useGetStartedPath();
  return (
    <div id={id} className="border-t bg-background px-4 pt-3 pb-4 shadow-lg lg:hidden">
      {user && (
        <div className="mb-3 flex items-center gap-3 rounded-lg bg-muted/60 p-3">
          <UserAvatar user={user} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <Badge variant="secondary">{t(`roles.${user.role}`)}</Badge>
        </div>
      )}
      {user && <CourseSearch className="mb-3" onSearch={onNavigate} />}
      <ul className="grid gap-1">
        {links.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) => cn(itemClasses, user && isActive && "bg-accent text-accent-foreground")}
            >
              {Icon && <Icon aria-hidden="true" className="size-4" />}
              {t(label)}
            </NavLink>
          </li>
        ))}
        {user && (
          <>
            <li>
              <Link to="/profile" onClick={onNavigate} className={itemClasses}>
                <UserRound aria-hidden="true" className="size-4" />
                {t("nav.profile")}
              </Link>
            </li>
            <li>
              <Link to="/settings" onClick={onNavigate} className={itemClasses}>
                <Settings aria-hidden="true" className="size-4" />
                {t("nav.settings")}
              </Link>
            </li>
            <li>
              <button type="button" onClick={onLogout} className={cn(itemClasses, "text-destructive")}>
                <LogOut aria-hidden="true" className="size-4" />
                {t("nav.logOut")}
              </button>
            </li>
          </>
        )}
      </ul>
      {!user && (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Button variant="outline" asChild>
            <Link to="/login" onClick={onNavigate}>
              {t("nav.signIn")}
            </Link>
          </Button>
          <Button asChild>
            <Link to={getStarted} onClick={onNavigate}>
              {t("nav.getStarted")}
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}
