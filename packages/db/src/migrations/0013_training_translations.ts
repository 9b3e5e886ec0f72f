import { type Kysely, sql } from "kysely";

/**
 * Training content in the crew's language. A module's own row stays the English version; a
 * translation row holds the same module in another language: title, description and content
 * ({ sections, quiz: [{ question, options }], guidelines? }). The quiz's correct answers are not
 * repeated here: they are option indexes kept on the module, so a quiz is graded the same way
 * whichever language it was read in. The module page falls back to English for a module without
 * a translation in the reader's language.
 *
 * The Spanish below is for the four built-in modules of migration 0002 (found by slug), written
 * with the words a US construction crew uses (casco, andamio, arnés, cuadrilla, obra).
 */

interface SeedTranslation {
  slug: string;
  title: string;
  description: string;
  content: {
    sections: { title: string; content: string; points?: string[] }[];
    quiz: { question: string; options: string[] }[];
  };
}

export const seededSpanishModules: SeedTranslation[] = [
  {
    slug: "hard-hat-safety",
    title: "Seguridad con el casco",
    description: "Cómo elegir, usar, inspeccionar y reemplazar la protección para la cabeza en la obra.",
    content: {
      sections: [
        {
          title: "Por qué se exige protección para la cabeza",
          content:
            "OSHA exige protección para la cabeza dondequiera que exista un posible peligro de lesiones en la cabeza por impactos, por objetos que caen o salen despedidos, o por descargas eléctricas y quemaduras (29 CFR 1926.100). En una obra activa eso significa todos, todo el tiempo, en cada área marcada como de uso obligatorio de casco.",
          points: [
            "Las herramientas y los materiales que caen causan muchas de las lesiones por golpes en las obras.",
            "El casco reparte la fuerza de un golpe sobre la suspensión en lugar de sobre su cráneo.",
            "Su supervisor puede retirarlo de la obra si no lo lleva puesto: es una condición para entrar.",
          ],
        },
        {
          title: "Tipos y clases",
          content:
            "Los cascos se prueban según la norma ANSI/ISEA Z89.1. El Tipo indica en qué zona protege contra impactos; la Clase indica cuánta protección eléctrica ofrece. Revise la etiqueta que está dentro del casco.",
          points: [
            "Tipo I: protege contra golpes en la parte superior de la cabeza.",
            "Tipo II: protege contra golpes en la parte superior y en los costados (impacto lateral).",
            "Clase G (General): probado a 2,200 voltios.",
            "Clase E (Eléctrica): probado a 20,000 voltios; obligatorio cerca de conductores energizados.",
            "Clase C (Conductora): sin protección eléctrica. Nunca lo use cerca de riesgos eléctricos.",
          ],
        },
        {
          title: "Cómo usarlo correctamente",
          content:
            "Un casco solo funciona si le queda bien y se asienta como fue probado. Ajuste la suspensión para que el casco quede nivelado y no se mueva cuando usted se agacha, con un espacio entre la carcasa y la cabeza.",
          points: [
            "Úselo con la visera hacia adelante, a menos que el fabricante indique que se puede usar al revés.",
            "No ponga gorras, herramientas ni guantes entre la suspensión y la carcasa.",
            "Use el barboquejo (la correa de la barbilla) cuando trabaje en altura o con viento.",
            "No perfore, pinte ni aplique solventes a la carcasa: la debilitan.",
          ],
        },
        {
          title: "Inspección diaria y reemplazo",
          content:
            "Inspeccione la carcasa y la suspensión al comienzo de cada turno. Reemplace el casco de inmediato después de cualquier golpe fuerte, aunque no vea daños, y siga el calendario de reemplazo del fabricante para la carcasa y la suspensión.",
          points: [
            "Busque grietas, abolladuras, plástico descolorido o con aspecto de tiza y zonas rígidas o quebradizas.",
            "Revise que la suspensión no tenga correas rotas, broches quebrados ni bandas estiradas.",
            "El sol y el calor deterioran el plástico: no guarde el casco sobre el tablero ni junto a la ventana trasera del vehículo.",
          ],
        },
      ],
      quiz: [
        {
          question: "¿Qué clase de casco se prueba a 20,000 voltios para trabajar cerca de conductores energizados?",
          options: ["Clase G", "Clase E", "Clase C", "Cualquier clase con barboquejo"],
        },
        {
          question: "A su casco le cae encima un tramo de tubo conduit y recibe un golpe fuerte, pero se ve bien. ¿Qué hace usted?",
          options: [
            "Lo sigo usando si no tiene grietas visibles",
            "Lo reemplazo de inmediato",
            "Le pongo cinta arriba y lo reporto al final de la semana",
            "Lo volteo para que la visera proteja la abolladura",
          ],
        },
        {
          question: "Un casco Tipo II protege contra:",
          options: [
            "Golpes solo en la parte superior de la cabeza",
            "Solo descargas eléctricas",
            "Golpes en la parte superior y en los costados de la cabeza",
            "Salpicaduras de químicos",
          ],
        },
        {
          question: "¿Cuándo debe inspeccionar su casco?",
          options: ["Una vez al año", "Solo después de un incidente", "Al comienzo de cada turno", "Cuando el supervisor lo pida"],
        },
      ],
    },
  },
  {
    slug: "hazard-identification",
    title: "Identificación de peligros",
    description:
      "Cómo detectar los peligros antes de empezar el trabajo, los cuatro peligros principales de OSHA (Focus Four) y cómo controlar el riesgo con la jerarquía de controles.",
    content: {
      sections: [
        {
          title: "Qué es un peligro",
          content:
            "Un peligro es cualquier cosa que pueda lastimar a alguien: una condición (un borde sin protección, un cable energizado), una actividad (levantar, cortar, dar marcha atrás con un camión) o una sustancia (polvo de sílice, solventes). El riesgo es qué tan probable es el daño y qué tan grave sería. Encontrar los peligros antes de empezar el trabajo es la forma más barata de prevenir lesiones.",
        },
        {
          title: "Los cuatro peligros principales (Focus Four)",
          content:
            "Los cuatro peligros principales de OSHA (Focus Four) están detrás de la mayoría de las muertes en la construcción. Recorra su área de trabajo buscando cada uno de ellos al comienzo del turno y cada vez que cambien las condiciones.",
          points: [
            "Caídas: bordes y huecos sin protección, escaleras, andamios, techos.",
            "Golpes por objetos: objetos que caen, cargas que se balancean, vehículos y equipo en movimiento.",
            "Atrapamientos: derrumbes de zanjas, piezas que giran, puntos de pellizco del equipo.",
            "Electrocución: líneas eléctricas aéreas, cables dañados, fuentes de energía sin bloquear.",
          ],
        },
        {
          title: "Cómo buscar peligros",
          content:
            "Divida el trabajo en pasos y pregúntese qué podría salir mal en cada uno. Este es el análisis de riesgos del trabajo (JHA) que usted llena en SiteSafe. Hable con las personas que hacen el trabajo: ellas saben dónde ocurren los casi accidentes.",
          points: [
            "Recorra el área antes de empezar y después de cualquier cambio de clima, de cuadrilla o de equipo.",
            "Revise lo que hay encima, debajo y alrededor de usted.",
            "Revise los reportes de incidentes y de casi accidentes de tareas del mismo tipo.",
            "Lea la hoja de datos de seguridad (SDS) de cualquier químico que vaya a usar.",
          ],
        },
        {
          title: "Cómo controlar el riesgo",
          content:
            "Use la jerarquía de controles, empezando por arriba. Los controles más altos de la lista funcionan sin depender de que las personas hagan todo bien; el equipo de protección personal (EPP) es la última línea de defensa, no la primera.",
          points: [
            "Eliminación: quitar el peligro (prefabricar a nivel del suelo en lugar de trabajar en altura).",
            "Sustitución: usar algo menos peligroso (un producto a base de agua en lugar de un solvente).",
            "Controles de ingeniería: barandas, guardas de máquinas, corte en húmedo, extracción localizada.",
            "Controles administrativos: permisos, capacitación, señalización, rotación de tareas.",
            "EPP: cascos, arneses, respiradores, guantes, protección para los ojos y los oídos.",
          ],
        },
        {
          title: "Reporte y detenga el trabajo",
          content:
            "Si encuentra un peligro que puede corregir de forma segura, corríjalo. Si no puede, póngale una barrera, avise a los demás y repórtelo a su supervisor. Todo trabajador tiene la autoridad de detener un trabajo inseguro. Reporte también los casi accidentes: son lecciones gratis.",
        },
      ],
      quiz: [
        {
          question: "¿Cuál de estos NO es uno de los cuatro peligros principales (Focus Four) de OSHA?",
          options: ["Caídas", "Electrocución", "Ruido", "Atrapamientos"],
        },
        {
          question: "¿Qué control es el más eficaz?",
          options: ["El equipo de protección personal", "Eliminar el peligro", "Los letreros de advertencia", "La capacitación"],
        },
        {
          question: "Encuentra una extensión eléctrica dañada que no puede reparar. ¿Qué debe hacer?",
          options: [
            "Ponerle cinta y seguir trabajando",
            "Sacarla de servicio, etiquetarla y reportarla",
            "Dejarla para el siguiente turno",
            "Usarla solo en áreas secas",
          ],
        },
      ],
    },
  },
  {
    slug: "scaffolding-safety",
    title: "Seguridad en andamios",
    description: "Acceso seguro, protección contra caídas, carga e inspección de andamios apoyados.",
    content: {
      sections: [
        {
          title: "Persona competente e inspección",
          content:
            "Los andamios deben armarse, moverse, modificarse o desmontarse bajo la supervisión de una persona competente, y una persona competente debe inspeccionarlos antes de cada turno de trabajo y después de cualquier cosa que pueda afectar su integridad (29 CFR 1926.451(f)(3)). Busque la etiqueta de inspección antes de subir.",
          points: [
            "Etiqueta verde: inspeccionado y seguro para usar.",
            "Etiqueta amarilla: se puede usar con precauciones especiales (por ejemplo, se requiere arnés).",
            "Etiqueta roja o sin etiqueta: no lo use.",
          ],
        },
        {
          title: "Capacidad y plataformas",
          content:
            "Cada andamio y cada componente deben soportar su propio peso y al menos 4 veces la carga máxima prevista (1926.451(a)(1)). Las plataformas deben estar completamente entabladas o cubiertas, y los tablones deben sobresalir al menos 6 pulgadas más allá de sus apoyos.",
          points: [
            "Conozca la carga nominal del andamio y no acumule material sobre la plataforma.",
            "Nunca use cajas, ladrillos ni bloques sueltos para apoyar un andamio o para subir la plataforma.",
            "Mantenga las plataformas libres de escombros, hielo y herramientas con las que alguien pueda tropezar.",
          ],
        },
        {
          title: "Acceso",
          content:
            "Use un medio de acceso adecuado siempre que la plataforma esté a más de 2 pies por encima o por debajo del punto de acceso (1926.451(e)(1)): escaleras fijadas al andamio, torres de escaleras o rampas. Nunca suba por las crucetas.",
        },
        {
          title: "Protección contra caídas en andamios",
          content:
            "En los andamios se requiere protección contra caídas a más de 10 pies de altura (1926.451(g)(1)). Las barandas son la protección habitual: en los andamios fabricados después del año 2000, el pasamanos superior va entre 38 y 45 pulgadas por encima de la plataforma, con un pasamanos intermedio a media altura. Donde no se puedan poner barandas, use un sistema personal de detención de caídas con arnés de cuerpo completo.",
          points: [
            "Los rodapiés o las mallas protegen a las personas de abajo de las herramientas y los materiales que caen.",
            "Nunca se pare sobre la baranda ni use una escalera encima de la plataforma para ganar altura.",
          ],
        },
      ],
      quiz: [
        {
          question: "Un andamio debe soportar su propio peso y, como mínimo, ¿cuántas veces la carga máxima prevista?",
          options: ["2 veces", "3 veces", "4 veces", "10 veces"],
        },
        {
          question: "¿Cuándo debe una persona competente inspeccionar un andamio?",
          options: [
            "Una vez al mes",
            "Antes de cada turno de trabajo y después de cualquier evento que pueda afectarlo",
            "Solo cuando se arma por primera vez",
            "Cuando un trabajador lo pida",
          ],
        },
        {
          question: "¿A partir de qué altura se requiere protección contra caídas en un andamio?",
          options: ["4 pies", "6 pies", "10 pies", "15 pies"],
        },
      ],
    },
  },
  {
    slug: "team-lift",
    title: "Levantamiento en equipo",
    description: "Cómo planear y hacer levantamientos de cargas pesadas o difíciles de manejar entre dos o más personas.",
    content: {
      sections: [
        {
          title: "Cuándo levantar en equipo",
          content:
            "Las lesiones de espalda y de hombros por levantar cargas a mano están entre las más comunes en la construcción. Use primero una ayuda mecánica: una carretilla de mano, un carrito, un polipasto o un montacargas. Cuando la carga se tenga que llevar a mano, levántela en equipo si es pesada (el límite de la ecuación de levantamiento de NIOSH en condiciones ideales es de 51 libras), voluminosa, difícil de agarrar o si le tapa la vista.",
        },
        {
          title: "Planee el levantamiento",
          content: "Pónganse de acuerdo en el plan antes de que alguien toque la carga. Una sola persona dirige y da las órdenes.",
          points: [
            "Revise el peso de la carga, su centro de gravedad y por dónde agarrarla.",
            "Recorra el camino: quite lo que pueda hacerlos tropezar, abra las puertas y revise la altura libre.",
            "Siempre que se pueda, formen parejas de estatura parecida.",
            'Acuerden las órdenes ("Listos, arriba", "Alto", "Abajo").',
          ],
        },
        {
          title: "Levanten, carguen y bajen juntos",
          content:
            "Levante a la orden del líder con la espalda recta, doblando las rodillas y la cadera. Mantenga la carga cerca del cuerpo y mueva los pies para girar en lugar de torcer el tronco. Bajen la carga juntos, también a la orden, y mantengan los dedos de las manos y de los pies fuera del camino.",
          points: [
            'Cualquiera puede decir "Alto" en cualquier momento, y todos se detienen.',
            "No cambie de agarre mientras camina: primero deténgase y baje la carga.",
          ],
        },
      ],
      quiz: [
        {
          question: "¿Qué debe intentar antes de un levantamiento manual en equipo?",
          options: [
            "Ir a un ritmo más rápido",
            "Una ayuda mecánica, como una carretilla o un polipasto",
            "Levantarla usted solo",
            "Cargarla sobre un hombro",
          ],
        },
        {
          question: "¿Quién da las órdenes durante un levantamiento en equipo?",
          options: ["Todos a la vez", "La persona más fuerte", "Un líder acordado de antemano", "Nadie: solo levanten"],
        },
        {
          question: "¿Cómo debe girar mientras carga algo?",
          options: [
            "Torciendo la cintura",
            "Moviendo los pies y girando todo el cuerpo",
            "Girando rápido para ahorrar tiempo",
            "Subiendo más la carga primero",
          ],
        },
      ],
    },
  },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table training_module_translations (
      module_id integer not null references training_modules (id) on delete cascade,
      language text not null check (language in ('es')),
      title text not null,
      description text not null default '',
      content jsonb not null,
      updated_at timestamptz not null default now(),
      primary key (module_id, language)
    )`.execute(db);
  for (const t of seededSpanishModules) {
    await sql`
      insert into training_module_translations (module_id, language, title, description, content)
      select id, 'es', ${t.title}, ${t.description}, ${JSON.stringify(t.content)}::jsonb from training_modules where slug = ${t.slug}
      on conflict do nothing`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists training_module_translations`.execute(db);
}
