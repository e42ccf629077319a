import { SITE_NAME } from "@/components/Brand";
import { CalendarFeedCard } from "@/features/sessions/CalendarFeedCard";
import { ThemeChoice } from "./ThemeChoice";

export function SettingsPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <title>{`Settings · ${SITE_NAME}`}</title>
      <header>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-muted-foreground">Your preferences on this device and your calendar link.</p>
      </header>
      <ThemeChoice />
      <CalendarFeedCard />
    </div>
  );
}
