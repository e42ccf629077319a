import { ANALYTICS_TIMEFRAMES, type AnalyticsTimeframe } from "@lms/contract";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/components/ui/native-select";

/** Today, This Week, This Month, This Year (spec §2). */
export function TimeframeSelect({
  value,
  onChange,
}: {
  value: AnalyticsTimeframe;
  onChange: (timeframe: AnalyticsTimeframe) => void;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="dashboard-timeframe" className="text-muted-foreground">
        {t("timeframe.label")}
      </label>
      <NativeSelect
        id="dashboard-timeframe"
        value={value}
        onChange={(event) => onChange(event.target.value as AnalyticsTimeframe)}
        className="w-36"
      >
        {ANALYTICS_TIMEFRAMES.map((timeframe) => (
          <option key={timeframe} value={timeframe}>
            {t(`timeframe.options.${timeframe}`)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
