import { Eye, EyeOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

interface PublishToggleButtonProps {
  published: boolean;
  pending: boolean;
  onToggle: () => void;
}

/** Publish or Unpublish, whichever the course's state calls for; the admin's and the instructor's cards share it. */
export function PublishToggleButton({ published, pending, onToggle }: PublishToggleButtonProps) {
  const { t } = useTranslation("course-detail");
  return (
    <Button
      className="justify-self-start"
      variant={published ? "outline" : "default"}
      onClick={onToggle}
      disabled={pending}
    >
      {pending ? <Spinner /> : published ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      {published ? t("visibility.unpublish") : t("visibility.publish")}
    </Button>
  );
}
