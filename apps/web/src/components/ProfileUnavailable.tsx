import { ErrorState } from "./ErrorState";

/** A token is stored but the profile could not be fetched (server unreachable or failing). */
export function ProfileUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <ErrorState
        title="We couldn't load your account"
        description="The server did not answer. Check your connection and try again."
        onRetry={onRetry}
      />
    </div>
  );
}
