import i18next from "i18next";
import { Component, type ReactNode } from "react";
import { ErrorState } from "@/components/ErrorState";

/**
 * Catches a screen that failed to load or render (e.g. a code chunk gone after a redeploy), so the
 * user sees what happened and can reload instead of a blank page. Resets when the route changes.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  componentDidCatch(error: unknown) {
    console.error("page failed to load", error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto w-full max-w-xl p-6">
        <ErrorState
          title={i18next.t("pageError.title")}
          description={i18next.t("pageError.description")}
          onRetry={() => window.location.reload()}
        />
      </div>
    );
  }
}
