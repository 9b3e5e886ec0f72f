import { Image } from "@mantine/core";
import type { PhotoSummary } from "@sitesafe/domain";
import { IconPhoto } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
          <button
            key={photo.id}
            type="button"
            className={photoClasses.thumbButton}
            onClick={() => setViewing(index)}
            aria-label={t("detail.openPhoto", { name: photo.fileName })}
            data-testid="item-photo"
          >
            {photo.hasThumbnail ? (
              <Image src={`/api/photos/${photo.id}/thumbnail`} alt={photo.fileName} className={photoClasses.thumbImage} loading="lazy" />
            ) : (
              <IconPhoto size={24} color="var(--mantine-color-gray-6)" />
            )}
          </button>
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
