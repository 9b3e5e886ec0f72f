import type { PhotoSummary } from "@sitesafe/domain";
import { IconPhoto } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PhotoThumb } from "../photos/PhotoThumb";
import { PhotoViewer } from "../photos/PhotoViewer";
import photoClasses from "../photos/photos.module.css";

/** An item's photos, taken by the inspector when it failed: thumbnails that open the viewer (no delete: part of the signed record). */
export function ItemPhotos({ photos, projectId }: { photos: PhotoSummary[]; projectId: number }) {
  const { t } = useTranslation("inspections");
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <div className={photoClasses.grid} style={{ gridTemplateColumns: "repeat(auto-fill, minmax(72px, 96px))", marginTop: 6 }}>
        {photos.map((photo, index) => (
          <PhotoThumb
            key={photo.id}
            photo={photo}
            label={t("detail.openPhoto", { name: photo.fileName })}
            onOpen={() => setViewing(index)}
            fallback={<IconPhoto size={24} color="var(--mantine-color-gray-6)" />}
            testId="item-photo"
          />
        ))}
      </div>
      <PhotoViewer
        photos={photos}
        index={viewing}
        facts={{ kind: "inspectionItem", projectId, ownerWorkerId: null }}
        onIndex={setViewing}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
