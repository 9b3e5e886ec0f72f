import { HOT_WORK_EQUIPMENT, HOT_WORK_PRECAUTIONS, isOtherEquipmentEntry } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";

/**
 * The locale keys of the permit checklists, in the domain's order (HOT_WORK_PRECAUTIONS, HOT_WORK_EQUIPMENT
 * in packages/domain/src/permits.ts). The stored values stay the domain's English; these only name them on screen.
 */
const PRECAUTION_KEYS = [
  "extinguishers",
  "combustiblesRemoved",
  "fireWatch",
  "inspectionAfter",
  "gasCylinders",
  "ppe",
  "sprinklers",
  "floorsProtected",
  "openingsCovered",
  "shields",
  "ducts",
  "atmosphereTested",
  "combustiblesCovered",
  "supervisorNotified",
] as const satisfies { length: (typeof HOT_WORK_PRECAUTIONS)["length"] };

const EQUIPMENT_KEYS = [
  "cuttingTorch",
  "welding",
  "grinders",
  "soldering",
  "heatGuns",
  "brazing",
  "arcWelder",
  "other",
] as const satisfies { length: (typeof HOT_WORK_EQUIPMENT)["length"] };

/** Screen names for stored precautions and equipment; anything unknown is shown as stored. */
export function usePermitLabels() {
  const { t } = useTranslation("permits");
  const precaution = (item: string): string => {
    const key = PRECAUTION_KEYS[(HOT_WORK_PRECAUTIONS as readonly string[]).indexOf(item)];
    return key ? t(`labels.precaution.${key}`) : item;
  };
  const equipment = (entry: string): string => {
    const key = EQUIPMENT_KEYS[(HOT_WORK_EQUIPMENT as readonly string[]).indexOf(entry)];
    if (key) return t(`labels.equipment.${key}`);
    if (isOtherEquipmentEntry(entry)) return t("labels.otherEquipmentEntry", { text: entry.slice("Other:".length).trim() });
    return entry;
  };
  /** The domain's approvalGapLines, in the screen's language. */
  const gapLines = (gaps: {
    fireWatchUnnamed: boolean;
    fireWatchUncredentialed?: true;
    missingPrecautions: readonly string[];
  }): string[] => [
    ...(gaps.fireWatchUnnamed ? [t("labels.gapFireWatch")] : []),
    ...(gaps.fireWatchUncredentialed ? [t("labels.gapFireWatchCredential")] : []),
    ...gaps.missingPrecautions.map((p) => t("labels.gapNotChecked", { precaution: precaution(p) })),
  ];
  return { precaution, equipment, gapLines };
}
