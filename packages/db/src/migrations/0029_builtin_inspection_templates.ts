import { type Kysely, sql } from "kysely";

/**
 * The built-in inspection templates (issue #35), each in English and Spanish, written for a
 * construction site: daily site walk, scaffold (before each shift), ladder, excavation and trench,
 * fire extinguisher monthly check, housekeeping, PPE. Each becomes a template of its language with
 * version 1; staff copy them to make their own (a built-in template is not edited in place).
 * Item keys are the same in both languages, so answers compare across them.
 */

type Item = [key: string, en: string, es: string, weight: number, photoRequiredOnFail: boolean, priority: "high" | "medium" | "low"];
interface Section {
  en: string;
  es: string;
  items: Item[];
}
interface Builtin {
  category: string;
  en: string;
  es: string;
  sections: Section[];
}

const TEMPLATES: Builtin[] = [
  {
    category: "daily-site-walk",
    en: "Daily site walk",
    es: "Recorrido diario de la obra",
    sections: [
      {
        en: "Site and access",
        es: "Obra y accesos",
        items: [
          [
            "perimeter",
            "Site perimeter fenced and signed; gates closed",
            "Perímetro de la obra cercado y señalizado; portones cerrados",
            1,
            false,
            "medium",
          ],
          ["walkways", "Walkways and access routes clear of hazards", "Pasillos y accesos libres de peligros", 2, true, "medium"],
          [
            "edges",
            "Open edges and floor openings protected by guardrails or covers",
            "Bordes abiertos y huecos en el piso protegidos con barandal o tapas",
            3,
            true,
            "high",
          ],
        ],
      },
      {
        en: "Work in progress",
        es: "Trabajos en curso",
        items: [
          [
            "jha-posted",
            "JHA reviewed with the crew for today's work",
            "JHA revisado con la cuadrilla para el trabajo de hoy",
            2,
            false,
            "medium",
          ],
          ["ppe-worn", "Everyone wears the PPE the task requires", "Todos usan el EPP que requiere la tarea", 3, true, "high"],
          [
            "housekeeping",
            "Housekeeping: debris removed, materials stacked",
            "Orden y limpieza: escombros retirados, materiales apilados",
            1,
            false,
            "low",
          ],
          ["risk-noted", "New hazards and risks noted and reported", "Nuevos peligros y riesgos anotados y reportados", 1, false, "medium"],
        ],
      },
    ],
  },
  {
    category: "scaffold",
    en: "Scaffold inspection (before each shift)",
    es: "Inspección de andamio (antes de cada turno)",
    sections: [
      {
        en: "Foundation and structure",
        es: "Base y estructura",
        items: [
          [
            "base-plates",
            "Base plates and mudsills on firm, level ground",
            "Placas base y durmientes sobre suelo firme y nivelado",
            3,
            true,
            "high",
          ],
          [
            "plumb",
            "Scaffold plumb, braced and tied to the structure",
            "Andamio a plomo, arriostrado y amarrado a la estructura",
            3,
            true,
            "high",
          ],
          [
            "tag",
            "Scaffold tag current and signed by the competent person",
            "Etiqueta del andamio vigente y firmada por la persona competente",
            1,
            false,
            "medium",
          ],
        ],
      },
      {
        en: "Platform and fall protection",
        es: "Plataforma y protección contra caídas",
        items: [
          [
            "planks",
            "Platform fully planked, no gaps over 1 in",
            "Plataforma completamente entablada, sin huecos de más de 1 pulgada",
            3,
            true,
            "high",
          ],
          [
            "guardrail",
            "Guardrail at 38-45 in with midrail on open sides",
            "Barandal de 38 a 45 pulgadas con pasamanos intermedio en los lados abiertos",
            3,
            true,
            "high",
          ],
          [
            "toe-board",
            "Toe boards in place where people work below",
            "Rodapié colocado donde hay personas trabajando abajo",
            2,
            true,
            "medium",
          ],
          [
            "access",
            "Safe access: ladder or stair tower, no climbing the frame",
            "Acceso seguro: escalera o torre de escaleras, sin trepar por el marco",
            2,
            false,
            "medium",
          ],
        ],
      },
    ],
  },
  {
    category: "ladder",
    en: "Ladder inspection",
    es: "Inspección de escalera",
    sections: [
      {
        en: "Condition",
        es: "Estado",
        items: [
          [
            "rails",
            "Rails and rungs free of cracks, bends and grease",
            "Largueros y peldaños sin grietas, dobleces ni grasa",
            3,
            true,
            "high",
          ],
          ["feet", "Safety feet and spreaders work", "Zapatas antideslizantes y separadores funcionan", 2, true, "medium"],
          ["label", "Duty rating label readable", "Etiqueta de capacidad de carga legible", 1, false, "low"],
        ],
      },
      {
        en: "Set-up",
        es: "Colocación",
        items: [
          [
            "angle",
            "Set at a 4 to 1 angle on firm, level ground",
            "Colocada con ángulo de 4 a 1 sobre suelo firme y nivelado",
            2,
            false,
            "medium",
          ],
          [
            "extension",
            "Extends 3 ft above the landing and is tied off",
            "Sobresale 3 pies del punto de llegada y está amarrada",
            2,
            false,
            "medium",
          ],
        ],
      },
    ],
  },
  {
    category: "excavation",
    en: "Excavation and trench inspection",
    es: "Inspección de excavación y zanja",
    sections: [
      {
        en: "Protective system",
        es: "Sistema de protección",
        items: [
          [
            "depth",
            "Trench 5 ft or deeper has sloping, shoring or a trench box",
            "Zanja de 5 pies o más con taludes, apuntalamiento o caja de zanja",
            3,
            true,
            "high",
          ],
          [
            "shoring",
            "Shoring and trench box in good condition and installed as designed",
            "Apuntalamiento y caja de zanja en buen estado e instalados según diseño",
            3,
            true,
            "high",
          ],
          [
            "water",
            "No water accumulation; walls show no cracks or bulging",
            "Sin acumulación de agua; paredes sin grietas ni abultamientos",
            2,
            true,
            "high",
          ],
        ],
      },
      {
        en: "Edges, access and utilities",
        es: "Bordes, acceso y servicios",
        items: [
          [
            "spoil",
            "Spoil and equipment at least 2 ft from the edge",
            "Tierra y equipo a 2 pies del borde como mínimo",
            2,
            false,
            "medium",
          ],
          [
            "ladder-25",
            "Ladder within 25 ft of every worker in the trench",
            "Escalera a menos de 25 pies de cada trabajador en la zanja",
            2,
            false,
            "high",
          ],
          ["utilities", "Underground utilities located and marked", "Servicios subterráneos localizados y marcados", 2, false, "high"],
          [
            "atmosphere",
            "Atmosphere tested where a hazardous atmosphere may exist",
            "Atmósfera medida donde pueda haber una atmósfera peligrosa",
            1,
            false,
            "high",
          ],
        ],
      },
    ],
  },
  {
    category: "fire-extinguisher",
    en: "Fire extinguisher monthly check",
    es: "Revisión mensual de extintores",
    sections: [
      {
        en: "Extinguisher",
        es: "Extintor",
        items: [
          [
            "location",
            "Extinguisher in its place, visible and unobstructed",
            "Extintor en su lugar, visible y sin obstrucciones",
            2,
            false,
            "medium",
          ],
          ["pressure", "Pressure gauge in the green", "Manómetro en la zona verde", 3, true, "high"],
          ["pin", "Pin and tamper seal intact", "Pasador y sello de seguridad intactos", 2, false, "medium"],
          ["damage", "No damage, corrosion or clogged nozzle", "Sin daños, corrosión ni boquilla tapada", 2, true, "medium"],
          ["tag-date", "Inspection tag initialled and dated", "Etiqueta de inspección firmada y fechada", 1, false, "low"],
        ],
      },
    ],
  },
  {
    category: "housekeeping",
    en: "Housekeeping inspection",
    es: "Inspección de orden y limpieza",
    sections: [
      {
        en: "Work areas",
        es: "Áreas de trabajo",
        items: [
          ["debris", "Debris and scrap removed daily", "Escombros y desperdicios retirados a diario", 2, false, "low"],
          [
            "trip",
            "No trip hazards: cords, hoses and materials kept off walkways",
            "Sin peligro de tropiezo: cables, mangueras y materiales fuera de los pasillos",
            2,
            true,
            "medium",
          ],
          ["nails", "Protruding nails removed or bent over", "Clavos salientes retirados o doblados", 2, false, "medium"],
          [
            "stacking",
            "Materials stacked stable and at a safe height",
            "Materiales apilados de forma estable y a una altura segura",
            1,
            false,
            "low",
          ],
        ],
      },
      {
        en: "Storage",
        es: "Almacenamiento",
        items: [
          [
            "flammables",
            "Flammables stored away from ignition sources",
            "Inflamables almacenados lejos de fuentes de ignición",
            3,
            true,
            "high",
          ],
          ["bins", "Waste bins available and emptied", "Contenedores de basura disponibles y vaciados", 1, false, "low"],
        ],
      },
    ],
  },
  {
    category: "ppe",
    en: "PPE inspection",
    es: "Inspección de EPP",
    sections: [
      {
        en: "PPE worn and in good condition",
        es: "EPP en uso y en buen estado",
        items: [
          ["hard-hat", "Hard hats worn and free of cracks", "Cascos en uso y sin grietas", 3, false, "high"],
          [
            "eyes",
            "Safety glasses or face shields where the risk calls for them",
            "Lentes de seguridad o caretas donde el riesgo lo requiere",
            2,
            false,
            "medium",
          ],
          [
            "hi-vis",
            "High-visibility vests worn near traffic and equipment",
            "Chalecos de alta visibilidad cerca del tráfico y la maquinaria",
            2,
            false,
            "medium",
          ],
          ["boots", "Safety-toe boots worn", "Botas con casquillo en uso", 1, false, "low"],
          [
            "harness",
            "Harnesses and lanyards inspected before use, no cuts or fraying",
            "Arneses y cuerdas revisados antes de usarlos, sin cortes ni desgaste",
            3,
            true,
            "high",
          ],
          [
            "gloves-hearing",
            "Gloves and hearing protection available for the task",
            "Guantes y protección auditiva disponibles para la tarea",
            1,
            false,
            "low",
          ],
        ],
      },
    ],
  },
];

function content(template: Builtin, language: "en" | "es") {
  return template.sections.map((section) => ({
    title: section[language],
    items: section.items.map(([key, en, es, weight, photoRequiredOnFail, priority]) => ({
      key,
      text: language === "en" ? en : es,
      type: "passFail",
      weight,
      photoRequiredOnFail,
      priority,
      note: null,
      min: null,
      max: null,
      unit: null,
    })),
  }));
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  for (const template of TEMPLATES) {
    for (const language of ["en", "es"] as const) {
      const { rows } = await sql<{ id: number }>`
        insert into inspection_templates (name, language, category, builtin, current_version)
        values (${template[language]}, ${language}, ${template.category}, true, 1) returning id`.execute(db);
      const id = rows[0]?.id;
      await sql`
        insert into inspection_template_versions (template_id, version, name, content)
        values (${id}, 1, ${template[language]}, ${JSON.stringify(content(template, language))}::jsonb)`.execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from inspection_templates where builtin`.execute(db);
}
