import { SETTINGS_MESSAGES } from "@lms/contract";
import { LogIn, Wrench } from "lucide-react";
import { Link } from "react-router";
import { StateScreen } from "@/components/StateScreen";
import { Button } from "@/components/ui/button";

/** What everyone but administrators sees while the maintenanceMode setting is on. */
export function MaintenancePage({ signedIn }: { signedIn: boolean }) {
  return (
    <StateScreen icon={Wrench} title="Down for maintenance" description={SETTINGS_MESSAGES.maintenance}>
      <p className="text-sm text-muted-foreground">This page checks again by itself and opens once we are back.</p>
      {!signedIn && (
        <Button asChild variant="outline">
          <Link to="/login">
            <LogIn aria-hidden="true" />
            Administrator sign in
          </Link>
        </Button>
      )}
    </StateScreen>
  );
}
