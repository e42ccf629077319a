import { Spinner } from "@/components/ui/spinner";

export function PageLoader({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
