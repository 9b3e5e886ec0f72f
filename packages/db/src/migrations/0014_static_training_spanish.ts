import { type Kysely, sql } from "kysely";

/**
 * Spanish for the modules of the four static training pages (site-safety, spotter-safety,
 * fall-protection, hazardous-materials), seeded by migration 0002 and left in English by 0013.
 * Same shape and rules as 0013: found by slug, one row per module in training_module_translations,
 * skipped when the module is missing or already has a Spanish version (a staff member may have
 * written one). Each translation matches its English module section for section, question for
 * question and option for option, and guideline for guideline where the module has guidelines
 * (the hazardous-materials page shows them in their own tab). The quiz answers stay on the module,
 * so grading does not change. OSHA standard numbers, figures and links are kept as they are.
 */

interface SeedGuidelineTranslation {
  category: string;
  title: string;
  oshaStandard: string;
  description: string;
  keyPoints: string[];
  resourceLink?: string;
}

interface SeedTranslation {
  slug: string;
  title: string;
  description: string;
  content: {
    sections: { title: string; content: string; points?: string[] }[];
    quiz: { question: string; options: string[] }[];
    guidelines?: SeedGuidelineTranslation[];
  };
}

export const staticPageSpanishModules: SeedTranslation[] = [
  {
    slug: "site-safety",
    title: "Orientación de seguridad en la obra",
    description:
      "Las reglas que todo trabajador necesita desde el primer día: el EPP, el orden y la limpieza, los peligros eléctricos y de las excavaciones, y qué hacer en una emergencia.",
    content: {
      sections: [
        {
          title: "Equipo de protección personal",
          content:
            "El equipo de protección personal (EPP) mínimo en esta obra es casco, lentes de seguridad, chaleco de alta visibilidad y botas con punta de seguridad. Algunas tareas requieren más: revise el análisis de riesgos del trabajo (JHA) y la Hoja de Datos de Seguridad (SDS) antes de empezar.",
          points: [
            "Los lentes de seguridad cumplen con la norma ANSI Z87.1; agregue una careta protectora para esmerilar y cortar.",
            "Use protección auditiva en las áreas de mucho ruido; el nivel de acción de OSHA para un programa de conservación de la audición es un promedio de 85 dBA en 8 horas.",
            "Los guantes se eligen según el peligro: resistentes a cortes, resistentes a químicos o aislantes.",
          ],
        },
        {
          title: "Orden, limpieza y pasillos",
          content:
            "La mayoría de los resbalones, los tropiezos y muchos incendios empiezan con un área de trabajo desordenada. Limpie a medida que trabaja, mantenga despejados los pasillos y las salidas, y ponga los desperdicios y la basura en el contenedor que corresponde.",
          points: [
            "Enrolle los cables y las mangueras fuera de los pasillos, o páselos por arriba.",
            "Doble o saque los clavos que sobresalen de la madera de desecho.",
            "Mantenga los desechos inflamables lejos de los trabajos en caliente y en contenedores de metal con tapa.",
          ],
        },
        {
          title: "Seguridad eléctrica",
          content:
            "Use interruptores de circuito por falla a tierra (GFCI) en toda la corriente temporal para herramientas (29 CFR 1926.404(b)(1)). Inspeccione los cables y las herramientas antes de cada uso y saque de servicio los que estén dañados. Manténgase a por lo menos 10 pies de las líneas eléctricas aéreas, y más lejos con voltajes más altos y con grúas.",
        },
        {
          title: "Zanjas y excavaciones",
          content:
            "Nunca entre en una zanja de 5 pies o más de profundidad a menos que tenga un sistema de protección (taludes, apuntalamiento o caja de zanja) diseñado para ese suelo (1926.652(a)(1)). Las zanjas de 4 pies o más de profundidad necesitan una escalera u otra salida a no más de 25 pies de recorrido lateral, y los montones de tierra excavada deben quedar por lo menos a 2 pies del borde.",
        },
        {
          title: "Emergencias y reportes",
          content:
            "Sepa dónde están el botiquín de primeros auxilios, el extintor y el punto de reunión de emergencia más cercanos. Reporte cada lesión, incidente y casi accidente a su supervisor en el mismo turno, y regístrelo en SiteSafe. Usted tiene el derecho y el deber de detener un trabajo inseguro.",
        },
      ],
      quiz: [
        {
          question: "¿Cuál es el EPP mínimo en esta obra?",
          options: [
            "Solo el casco",
            "Casco, lentes de seguridad, chaleco de alta visibilidad y botas con punta de seguridad",
            "Lo que el trabajador prefiera",
            "Guantes y protección auditiva",
          ],
        },
        {
          question: "¿A partir de qué profundidad necesita una zanja un sistema de protección, como apuntalamiento o una caja de zanja?",
          options: ["2 pies", "3 pies", "5 pies", "10 pies"],
        },
        {
          question: "¿Qué lo protege contra descargas eléctricas en la corriente temporal para herramientas?",
          options: [
            "Una extensión eléctrica más larga",
            "Un interruptor de circuito por falla a tierra (GFCI)",
            "Solo las botas con suela de goma",
            "Ponerle cinta al enchufe",
          ],
        },
        {
          question: "¿Cuándo debe reportar un casi accidente?",
          options: ["Nunca, nadie salió lastimado", "Al final del proyecto", "En el mismo turno", "Solo si lo vio un gerente"],
        },
      ],
    },
  },
  {
    slug: "spotter-safety",
    title: "Seguridad del señalero",
    description: "Cómo guiar vehículos y equipo pesado de forma segura: posición, señales, comunicación y líneas eléctricas.",
    content: {
      sections: [
        {
          title: "El trabajo del señalero",
          content:
            "El señalero sirve de ojos al operador donde el operador no puede ver. Los vehículos con la vista trasera obstruida solo pueden dar marcha atrás cuando la alarma de reversa se oye por encima del ruido del lugar, o cuando un observador indica que es seguro hacerlo (29 CFR 1926.601(b)(4)). Cuando usted trabaja de señalero, esa es su única tarea: nada de teléfono ni de otro trabajo.",
        },
        {
          title: "Posición",
          content:
            "Párese donde el operador pueda verlo y donde usted pueda ver el recorrido del vehículo y a las personas que están alrededor. Si usted no puede ver la cara del operador en el espejo, el operador no lo puede ver a usted.",
          points: [
            "Nunca se pare detrás de un vehículo que está dando marcha atrás ni entre el vehículo y un objeto fijo.",
            "Manténgase a una distancia segura del radio de giro de las excavadoras y las grúas.",
            "Use ropa de alta visibilidad; de noche, use una linterna o un bastón luminoso.",
          ],
        },
        {
          title: "Señales y comunicación",
          content:
            "Acuerde con el operador las señales de mano o las palabras por radio antes de empezar la maniobra. Solo un señalero a la vez le da señales a un operador. La regla para el operador es sencilla: si pierde de vista al señalero, se detiene.",
          points: [
            "Alto: brazo extendido, con la palma hacia el operador (parada de emergencia: los dos brazos).",
            "Cualquier persona en la obra puede dar la señal de alto, y el operador debe obedecerla.",
            "Use radios cuando la distancia, el ruido o la oscuridad hagan que las señales de mano no sean confiables.",
          ],
        },
        {
          title: "Líneas eléctricas",
          content:
            "Cuando una grúa u otro equipo pueda acercarse a menos de 20 pies de una línea eléctrica de hasta 350 kV, un señalero dedicado debe vigilar la distancia y avisar al operador (1926.1407 y 1926.1408). Trate toda línea aérea como energizada hasta que la compañía eléctrica confirme lo contrario.",
        },
      ],
      quiz: [
        {
          question: "¿Qué debe hacer un operador si pierde de vista al señalero?",
          options: ["Seguir despacio", "Tocar la bocina y seguir", "Detenerse de inmediato", "Dar marcha atrás para buscar al señalero"],
        },
        {
          question: "¿Dónde nunca debe pararse un señalero?",
          options: [
            "En la línea de visión del operador",
            "Entre un vehículo que da marcha atrás y un objeto fijo",
            "A un lado del recorrido del vehículo",
            "Donde pueda ver todo el recorrido",
          ],
        },
        {
          question:
            "¿A menos de qué distancia de una línea eléctrica de hasta 350 kV se requiere un señalero dedicado para el trabajo con grúas?",
          options: ["5 pies", "10 pies", "20 pies", "50 pies"],
        },
      ],
    },
  },
  {
    slug: "fall-protection",
    title: "Protección contra caídas",
    description: "Cuándo se requiere protección contra caídas, barandas, sistemas personales de detención de caídas, huecos y escaleras.",
    content: {
      sections: [
        {
          title: "Cuándo se requiere protección contra caídas",
          content:
            "En la construcción, usted debe estar protegido contra caídas siempre que trabaje sobre una superficie para caminar o trabajar que tenga un lado o un borde sin protección a 6 pies o más por encima de un nivel inferior (29 CFR 1926.501(b)(1)). Las caídas son la principal causa de muerte en la construcción.",
          points: [
            "La regla de los 6 pies se aplica a techos, bordes de pisos, huecos, cimbras y excavaciones.",
            "En los andamios el límite es de 10 pies, y las escaleras tienen sus propias reglas.",
            "El trabajo por encima de equipo peligroso necesita protección a cualquier altura.",
          ],
        },
        {
          title: "Sistemas de barandas",
          content:
            "Las barandas detienen una caída antes de que ocurra y protegen a todos, por eso son el control preferido. El pasamanos superior debe estar a 42 pulgadas (más o menos 3 pulgadas) por encima de la superficie para caminar, con un pasamanos intermedio a unas 21 pulgadas, y el pasamanos superior debe resistir una fuerza de 200 libras (1926.502(b)).",
          points: [
            "Antes de confiar en las barandas, revise que estén firmes y sin daños.",
            "Los rodapiés evitan que las herramientas y los materiales les caigan a las personas de abajo.",
            "Nunca quite una baranda sin poner antes otra protección contra caídas.",
          ],
        },
        {
          title: "Sistemas personales de detención de caídas",
          content:
            "Un sistema personal de detención de caídas se compone de un punto de anclaje, un conector (cuerda de seguridad o línea de vida autorretráctil) y un arnés de cuerpo completo. Los puntos de anclaje deben soportar por lo menos 5,000 libras por cada trabajador conectado, o estar diseñados por una persona calificada con un factor de seguridad de por lo menos dos (1926.502(d)(15)). No se permiten los cinturones corporales para detener caídas.",
          points: [
            "Arme el sistema de modo que usted no pueda caer libremente más de 6 pies ni golpear el nivel de abajo.",
            "Inspeccione las correas, las costuras y los anillos en D del arnés, y las cuerdas de seguridad, antes de cada uso.",
            "Todo equipo que haya detenido una caída se saca de servicio.",
            "Tenga un plan de rescate: quedar colgado después de una caída se vuelve peligroso en pocos minutos.",
          ],
        },
        {
          title: "Huecos y escaleras",
          content:
            'Cubra los huecos con tapas que soporten por lo menos el doble del peso de los trabajadores, el equipo y los materiales que se puedan poner encima, asegúrelas y márquelas con la palabra "HOLE" (hueco) o "COVER" (tapa) (1926.502(i)). Las escaleras portátiles que se usan para llegar a un nivel superior deben sobresalir por lo menos 3 pies por encima del punto de llegada.',
        },
      ],
      quiz: [
        {
          question:
            "¿A partir de qué altura se requiere protección contra caídas en una superficie para caminar o trabajar en la construcción?",
          options: ["4 pies", "6 pies", "10 pies", "15 pies"],
        },
        {
          question:
            "¿Cuánto debe soportar el punto de anclaje de un sistema personal de detención de caídas por cada trabajador conectado?",
          options: ["1,000 libras", "2,500 libras", "5,000 libras", "10,000 libras"],
        },
        {
          question: "¿A qué altura por encima de la superficie para caminar debe estar el pasamanos superior de un sistema de barandas?",
          options: ["36 pulgadas", "42 pulgadas (más o menos 3 pulgadas)", "48 pulgadas", "54 pulgadas"],
        },
      ],
    },
  },
  {
    slug: "hazardous-materials",
    title: "Materiales peligrosos",
    description:
      "Cómo leer las etiquetas y las Hojas de Datos de Seguridad (SDS), almacenar y manejar químicos, la protección respiratoria y qué hacer en caso de derrames.",
    content: {
      sections: [
        {
          title: "Comunicación de peligros",
          content:
            "Usted tiene derecho a saber sobre los químicos con los que trabaja. Según la Norma de Comunicación de Peligros de OSHA (29 CFR 1910.1200, que se aplica a la construcción por la 1926.59), todo químico peligroso en la obra debe estar etiquetado, tener una Hoja de Datos de Seguridad (SDS) a su disposición durante su turno y estar incluido en la capacitación.",
        },
        {
          title: "Etiquetas y pictogramas",
          content:
            "Las etiquetas de los envases siguen el Sistema Globalmente Armonizado (GHS). Lea la etiqueta antes de abrir el envase, y nunca use un químico de un envase sin etiqueta.",
          points: [
            'Palabra de advertencia: "Peligro" (Danger) para los peligros más graves, "Advertencia" (Warning) para los menos graves.',
            "Pictogramas: rombos con borde rojo, como la llama, la calavera con tibias cruzadas, la corrosión y el peligro para la salud.",
            "Las frases de peligro dicen lo que hace el químico; las frases de precaución dicen cómo protegerse.",
            "Si pasa un químico a otro envase, etiquete también ese envase.",
          ],
        },
        {
          title: "Hojas de Datos de Seguridad",
          content:
            "Una Hoja de Datos de Seguridad (SDS) tiene 16 secciones en un orden fijo. Sepa dónde está la carpeta o la aplicación de SDS de la obra antes de necesitarla.",
          points: [
            "Sección 2: identificación de los peligros.",
            "Sección 4: primeros auxilios.",
            "Sección 7: manejo y almacenamiento.",
            "Sección 8: controles de exposición y el EPP que debe usar.",
          ],
        },
        {
          title: "Almacenamiento y manejo",
          content:
            "Almacene los químicos según su compatibilidad, lejos del calor y de las fuentes de ignición, con las tapas cerradas. Use latas de seguridad aprobadas para los líquidos inflamables. No se pueden guardar más de 25 galones de líquidos inflamables en un cuarto fuera de un gabinete de almacenamiento aprobado (1926.152(b)(1)).",
          points: [
            "Mantenga los oxidantes lejos de los inflamables, y los ácidos lejos de las bases.",
            "Ventile el área cuando use solventes, adhesivos y recubrimientos en interiores.",
            "Donde se usen corrosivos, debe haber un lavaojos lo bastante cerca para usarlo de inmediato; enjuáguese los ojos durante por lo menos 15 minutos.",
          ],
        },
        {
          title: "Polvos, humos y respiradores",
          content:
            "Cortar, esmerilar y taladrar concreto, ladrillo y piedra libera sílice cristalina respirable, que causa silicosis y cáncer de pulmón. Use primero métodos húmedos o recolección de polvo con aspiradora; use un respirador cuando la tarea lo requiera. Un respirador solo lo protege si usted tiene la autorización médica, la capacitación y la prueba de ajuste para ese modelo (1910.134).",
        },
        {
          title: "Derrames y exposiciones",
          content:
            "Si se derrama un químico: avise a las personas cercanas, salga del área si hay vapores e informe a su supervisor. Solo las personas capacitadas, con el EPP adecuado y el equipo para derrames, hacen la limpieza. Si un químico le cae en la piel o en los ojos, enjuáguese con agua de inmediato y siga la Sección 4 de la SDS; reporte toda exposición.",
        },
      ],
      quiz: [
        {
          question: "¿Qué sección de la SDS le indica qué EPP debe usar?",
          options: ["Sección 2", "Sección 4", "Sección 8", "Sección 14"],
        },
        {
          question: "¿Qué palabra de advertencia marca los peligros más graves en una etiqueta GHS?",
          options: ["Precaución (Caution)", "Advertencia (Warning)", "Peligro (Danger)", "Aviso (Notice)"],
        },
        {
          question: "Usted pasa solvente a un envase más pequeño. ¿Qué debe hacer?",
          options: [
            "Nada, si lo va a usar hoy",
            "Etiquetar el envase nuevo",
            "Dejarlo destapado para que se ventile",
            "Escribirle su nombre",
          ],
        },
        {
          question: "¿Cuál es la primera opción para controlar el polvo de sílice al cortar concreto?",
          options: [
            "Una mascarilla de papel contra el polvo",
            "Trabajar más rápido",
            "El corte en húmedo o la recolección de polvo con aspiradora",
            "Cortar solo al aire libre",
          ],
        },
      ],
      guidelines: [
        {
          category: "Comunicación de peligros",
          title: "Etiquetas, Hojas de Datos de Seguridad y capacitación",
          oshaStandard: "29 CFR 1910.1200 / 1926.59",
          description:
            "El empleador debe tener un programa escrito de comunicación de peligros, etiquetar todo envase de químicos peligrosos, mantener las Hojas de Datos de Seguridad fácilmente accesibles durante cada turno de trabajo y capacitar a los trabajadores antes de que trabajen con los químicos.",
          keyPoints: [
            "Cada envase lleva en la etiqueta el identificador del producto, la palabra de advertencia, los pictogramas y las frases de peligro.",
            "Hay una SDS en la obra para cada químico peligroso, durante cada turno.",
            "Los trabajadores reciben capacitación sobre los peligros y las medidas de protección antes del primer uso.",
          ],
          resourceLink: "https://www.osha.gov/hazcom",
        },
        {
          category: "Peligros respiratorios",
          title: "Sílice cristalina respirable",
          oshaStandard: "29 CFR 1926.1153",
          description:
            "El límite de exposición permisible es de 50 microgramos por metro cúbico de aire, como promedio en una jornada de 8 horas. La Tabla 1 de la norma enumera tareas y los controles de ingeniería y los respiradores que cumplen con la regla.",
          keyPoints: [
            "Use agua o recolección de polvo con aspiradora en las sierras, las esmeriladoras y los taladros.",
            "No se permite barrer en seco ni usar aire comprimido para limpiar el polvo de sílice cuando eso expone a los trabajadores.",
            "Un plan escrito de control de la exposición nombra a una persona competente para hacerlo cumplir.",
          ],
          resourceLink: "https://www.osha.gov/silica-crystalline",
        },
        {
          category: "Peligros respiratorios",
          title: "Programa de protección respiratoria",
          oshaStandard: "29 CFR 1910.134 / 1926.103",
          description:
            "Cuando se requieren respiradores, el empleador debe tener un programa que incluya la selección de los respiradores, la evaluación médica, la prueba de ajuste, la capacitación y el mantenimiento.",
          keyPoints: [
            "Evaluación médica antes de la prueba de ajuste y del uso.",
            "Prueba de ajuste antes del primer uso y por lo menos una vez al año para los respiradores de ajuste hermético.",
            "Haga una verificación del sello cada vez que se ponga el respirador.",
          ],
          resourceLink: "https://www.osha.gov/respiratory-protection",
        },
        {
          category: "Almacenamiento",
          title: "Líquidos inflamables",
          oshaStandard: "29 CFR 1926.152",
          description:
            "Los líquidos inflamables se guardan en recipientes aprobados y tanques portátiles. Se pueden guardar cantidades limitadas en un cuarto fuera de un gabinete de almacenamiento aprobado; el resto va en gabinetes o en un cuarto de almacenamiento.",
          keyPoints: [
            "No más de 25 galones en un cuarto fuera de un gabinete de almacenamiento aprobado.",
            "Use latas de seguridad aprobadas para servir el líquido.",
            'Mantenga lejos las fuentes de ignición y no permita fumar; ponga letreros de "No fumar" (No Smoking).',
          ],
        },
      ],
    },
  },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  for (const t of staticPageSpanishModules) {
    await sql`
      insert into training_module_translations (module_id, language, title, description, content)
      select id, 'es', ${t.title}, ${t.description}, ${JSON.stringify(t.content)}::jsonb from training_modules where slug = ${t.slug}
      on conflict do nothing`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const slugs = staticPageSpanishModules.map((t) => t.slug);
  await sql`
    delete from training_module_translations
    where language = 'es' and module_id in (select id from training_modules where slug in (${sql.join(slugs)}))`.execute(db);
}
