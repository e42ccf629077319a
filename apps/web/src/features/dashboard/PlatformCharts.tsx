import type { PlatformAnalytics } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard } from "@/components/ChartCard";
import { bucketLabel } from "./timeframe";

const AXIS = { fontSize: 12, fill: "var(--muted-foreground)" };
const TOOLTIP = { contentStyle: { background: "var(--popover)", color: "var(--popover-foreground)", borderRadius: 8 } };

interface SeriesChartProps {
  title: string;
  name: string;
  empty: string;
  data: { label: string; value: number }[];
  kind: "line" | "bar";
}

function SeriesChart({ title, name, empty, data, kind }: SeriesChartProps) {
  const { t } = useTranslation("dashboard");
  const summary = data.map((point) => `${point.label}: ${point.value}`).join("; ");
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={AXIS} minTickGap={12} />
      <YAxis tick={AXIS} allowDecimals={false} width={48} />
      <Tooltip {...TOOLTIP} />
    </>
  );
  return (
    <ChartCard
      title={title}
      summary={t("charts.summary", { title, summary })}
      empty={data.every((point) => point.value === 0) ? empty : undefined}
    >
      <ResponsiveContainer width="100%" height="100%">
        {kind === "line" ? (
          <LineChart data={data} margin={{ left: -8, right: 8 }}>
            {axes}
            <Line type="monotone" dataKey="value" name={name} stroke="var(--primary)" strokeWidth={2} dot={false} />
          </LineChart>
        ) : (
          <BarChart data={data} margin={{ left: -8, right: 8 }}>
            {axes}
            <Bar dataKey="value" name={name} fill="var(--primary)" radius={[4, 4, 0, 0]} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** New users, enrollments, credits spent and this server's requests over the chosen timeframe (recharts, loaded on demand). */
export default function PlatformCharts({ analytics }: { analytics: PlatformAnalytics }) {
  const { t } = useTranslation("dashboard");
  const points = (series: { start: string; value: number }[]) =>
    series.map((point) => ({ label: bucketLabel(analytics.timeframe, point.start), value: point.value }));
  const requests = analytics.systemPerformance.series.map((point) => ({
    label: bucketLabel("day", point.start),
    value: point.requests,
  }));
  return (
    <div data-testid="platform-charts" className="grid gap-4 lg:grid-cols-2">
      <SeriesChart
        title={t("charts.userGrowth")}
        name={t("charts.newUsers")}
        empty={t("charts.noNewUsers")}
        data={points(analytics.userGrowth.series)}
        kind="line"
      />
      <SeriesChart
        title={t("charts.courseEnrollments")}
        name={t("charts.enrollments")}
        empty={t("charts.noEnrollments")}
        data={points(analytics.courseEnrollments.series)}
        kind="bar"
      />
      <SeriesChart
        title={t("charts.creditsSpent")}
        name={t("charts.credits")}
        empty={t("charts.noCredits")}
        data={points(analytics.revenueData.series)}
        kind="bar"
      />
      <SeriesChart
        title={t("charts.requestsPerHour")}
        name={t("charts.requests")}
        empty={t("charts.noRequests")}
        data={requests}
        kind="line"
      />
    </div>
  );
}
