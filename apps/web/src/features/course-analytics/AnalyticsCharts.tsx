import type { AnalyticsInterval, CourseAnalytics } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard } from "@/components/ChartCard";
import { NativeSelect } from "@/components/ui/native-select";
import { formatPercent } from "@/lib/format";

const PRIMARY = "var(--primary)";
const AXIS = { fontSize: 12, fill: "var(--muted-foreground)" };
const TOOLTIP = { contentStyle: { background: "var(--popover)", color: "var(--popover-foreground)", borderRadius: 8 } };
const short = (text: string, max = 18) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

interface ChartsProps {
  analytics: CourseAnalytics;
  interval: AnalyticsInterval;
  onInterval: (interval: AnalyticsInterval) => void;
}

/** Enrollments over time, scores per assessment, attendance per session and where learners stop. */
export function AnalyticsCharts({ analytics, interval, onInterval }: ChartsProps) {
  const { points } = analytics.enrollmentsOverTime;
  const { t } = useTranslation("course-analytics");
  const newOnes = points.reduce((sum, p) => sum + p.count, 0);
  const scores = analytics.assessments.filter((a) => a.averagePercent !== null);
  const stops = [
    { title: t("charts.notStarted"), learners: analytics.stopPoints.notStarted },
    ...analytics.stopPoints.lessons,
  ];
  const sessions = analytics.attendance.sessions.map((s) => ({
    title: s.title,
    rate: s.expected > 0 ? Math.round((100 * s.attended) / s.expected) : 0,
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="grid gap-2">
        <div className="flex items-center justify-end gap-2 text-sm">
          <label htmlFor="enrollments-interval" className="text-muted-foreground">
            {t("charts.interval")}
          </label>
          <NativeSelect
            id="enrollments-interval"
            value={interval}
            onChange={(event) => onInterval(event.target.value as AnalyticsInterval)}
            className="w-32"
          >
            <option value="day">{t("charts.day")}</option>
            <option value="week">{t("charts.week")}</option>
          </NativeSelect>
        </div>
        <ChartCard
          title={t("charts.enrollments")}
          summary={t(interval === "day" ? "charts.enrollmentsSummaryDays" : "charts.enrollmentsSummaryWeeks", {
            count: points.length,
            added: newOnes,
            total: points.at(-1)?.total ?? 0,
          })}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="start" tick={AXIS} tickFormatter={(d: string) => d.slice(5)} minTickGap={16} />
              <YAxis tick={AXIS} allowDecimals={false} />
              <Tooltip {...TOOLTIP} />
              <Line
                type="monotone"
                dataKey="count"
                name={t("charts.new")}
                stroke={PRIMARY}
                strokeWidth={2}
                dot={false}
              />
              <Line
                type="monotone"
                dataKey="total"
                name={t("charts.all")}
                stroke="var(--muted-foreground)"
                dot={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
      <ChartCard
        title={t("charts.scores")}
        summary={scores
          .map((a) => `${a.title}: ${a.averagePercent === null ? "–" : formatPercent(a.averagePercent)}`)
          .join("; ")}
        empty={scores.length === 0 ? t("charts.noScores") : undefined}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={scores} margin={{ left: -20, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="title" tick={AXIS} tickFormatter={(t: string) => short(t, 12)} interval={0} />
            <YAxis tick={AXIS} domain={[0, 100]} unit="%" />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="averagePercent" name={t("charts.averagePercent")} fill={PRIMARY} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={t("charts.attendance")}
        summary={sessions.map((s) => `${s.title}: ${formatPercent(s.rate)}`).join("; ")}
        empty={sessions.length === 0 ? t("charts.noSessions") : undefined}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={sessions} margin={{ left: -20, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="title" tick={AXIS} tickFormatter={(t: string) => short(t, 12)} />
            <YAxis tick={AXIS} domain={[0, 100]} unit="%" />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="rate" name={t("charts.attendedPercent")} fill={PRIMARY} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={t("charts.stops")}
        summary={stops.map((s) => `${s.title}: ${s.learners}`).join("; ")}
        empty={stops.every((s) => s.learners === 0) ? t("charts.noStops") : undefined}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={stops} layout="vertical" margin={{ left: 8, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={AXIS} allowDecimals={false} />
            <YAxis type="category" dataKey="title" tick={AXIS} width={96} tickFormatter={(t: string) => short(t, 14)} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="learners" name={t("charts.learners")} fill={PRIMARY} radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  );
}
