import { pathToFileURL } from "node:url";
import { createDb, type Database, migrateToLatest } from "@sitesafe/db";
import { HOT_WORK_EQUIPMENT, HOT_WORK_PRECAUTIONS, OTHER_EQUIPMENT, SAFETY_PLAN_MIME, youTubeThumbnail } from "@sitesafe/domain";
import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import sharp from "sharp";
import { hashPassword } from "../auth/passwords.js";
import { loadConfig } from "../config.js";

/**
 * `pnpm seed:large`: a large contractor in an EMPTY database, for the benchmark (bench/) and for
 * trying the screens at scale. PostgreSQL when DATABASE_URL is set, else the embedded database in
 * DATA_DIR (give an absolute path: pnpm runs this from apps/api).
 *
 *   200 projects, 5,000 workers with logins, ~25 assignments per project, 24 training modules,
 *   100,000 training records, 100 videos, 200,000 video records, 20,000 JHA forms, 20,000
 *   incident reports, 10,000 hot work permits (all four states), 20,000 safety messages, and
 *   OSHA records: a company establishment plus one per long project (1 in 5), hours worked for
 *   the last three years, and a recordkeeping classification of the moderate and severe
 *   incidents (~500 recordable cases over two years: a construction TRIR of about 3); photos
 *   (small generated images, ~5 KB with their thumbnails) on ~30% of the incident reports (1-3
 *   each) and ~10% of the JHA forms (1-2 each), about 13,000 in all.
 *
 * Deterministic: every value comes from one fixed-seed PRNG (mulberry32), so two runs on the same
 * day produce the same rows. Dates are relative to the day of the run (UTC midnight), so recent
 * and upcoming lists always have content.
 *
 * Accounts: bench_admin / BenchAdmin123! (admin), bench_manager / BenchManager123! (manager, with
 * a Safety Manager profile), and every seeded worker, bench_worker included, / Worker123!. The
 * workers share ONE argon2 hash, computed once: hashing 5,000 passwords would take minutes and
 * prove nothing.
 *
 * SEED_SCALE (default 1) multiplies the row counts, e.g. 0.02 for a quick development run.
 */

export const SEED_PASSWORDS = {
  admin: "BenchAdmin123!",
  manager: "BenchManager123!",
  worker: "Worker123!",
} as const;
export const SEED_USERNAMES = { admin: "bench_admin", manager: "bench_manager", worker: "bench_worker" } as const;

const TARGET = {
  projects: 200,
  workers: 5_000,
  assignmentsPerProject: 25,
  modules: 24,
  trainings: 100_000,
  videos: 100,
  workerVideos: 200_000,
  jhaForms: 20_000,
  incidents: 20_000,
  permits: 10_000,
  comments: 20_000,
};
/** Projects the known worker is assigned to: a realistic handful, so their scoped lists are not empty. */
const BENCH_WORKER_PROJECTS = 5;

// PostgreSQL allows 65,535 bind parameters per statement; stay far below with ~1,000-row batches.
const MAX_PARAMS = 60_000;
const MAX_BATCH_ROWS = 1_000;

const DAY = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for test data and identical on every machine. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = mulberry32(20_240_610);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
function weighted<T>(choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices[choices.length - 1]![0];
}
/** k distinct items (partial Fisher-Yates on a copy). */
function sample<T>(items: readonly T[], k: number): T[] {
  const copy = [...items];
  const n = Math.min(k, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------------------------------------
// Word lists: small, but enough that the screens look like a real contractor's.

const FIRST_NAMES = [
  "James",
  "Maria",
  "Robert",
  "Linda",
  "Michael",
  "Patricia",
  "David",
  "Jennifer",
  "Carlos",
  "Aisha",
  "Daniel",
  "Sarah",
  "Jose",
  "Emily",
  "Kevin",
  "Fatima",
  "Brian",
  "Grace",
  "Luis",
  "Hannah",
  "Anthony",
  "Olivia",
  "Mark",
  "Sofia",
  "Steven",
  "Chloe",
  "Andre",
  "Mei",
  "Tyrone",
  "Priya",
  "Thomas",
  "Rosa",
  "Eric",
  "Nadia",
  "Paul",
  "Ivy",
  "Marcus",
  "Elena",
  "Dmitri",
  "Keisha",
];
const LAST_NAMES = [
  "Smith",
  "Garcia",
  "Johnson",
  "Nguyen",
  "Williams",
  "Martinez",
  "Brown",
  "Lee",
  "Jones",
  "Hernandez",
  "Miller",
  "Lopez",
  "Davis",
  "Gonzalez",
  "Wilson",
  "Kim",
  "Anderson",
  "Patel",
  "Thomas",
  "Rodriguez",
  "Taylor",
  "Chen",
  "Moore",
  "Walker",
  "Jackson",
  "Okafor",
  "Martin",
  "Novak",
  "White",
  "Sullivan",
  "Harris",
  "Kowalski",
  "Clark",
  "Ramirez",
  "Lewis",
  "Singh",
  "Young",
  "Murphy",
  "King",
  "Rivera",
];
const TRADES = [
  "Carpenter",
  "Electrician",
  "Plumber",
  "Welder",
  "Ironworker",
  "Laborer",
  "Equipment Operator",
  "Concrete Finisher",
  "Roofer",
  "Pipefitter",
  "Mason",
  "Painter",
  "Drywall Installer",
  "Scaffolder",
  "Crane Operator",
  "Foreman",
  "Glazier",
  "HVAC Technician",
  "Surveyor",
  "Site Supervisor",
];
const COMPANIES = [
  ["Northline Framing", "northline.example"],
  ["Bright Steel Erectors", "brightsteel.example"],
  ["Voltline Electric", "voltline.example"],
  ["Cascade Mechanical", "cascademech.example"],
  ["Summit Concrete", "summitconcrete.example"],
  ["Ridgeway Roofing", "ridgeway.example"],
  ["Keystone Masonry", "keystone.example"],
  ["Harbor Crane & Rigging", "harborcrane.example"],
  ["Pioneer Site Works", "pioneersite.example"],
  ["SiteSafe Construction", "sitesafe-construction.example"],
] as const;
const PLACES = [
  "Harbor View",
  "Maple Street",
  "Riverside",
  "Oak Ridge",
  "Summit",
  "Cedar Park",
  "Lakeside",
  "Granite Falls",
  "Pinecrest",
  "Union Square",
  "Northgate",
  "Westfield",
  "Eastlake",
  "Bayview",
  "Highland",
  "Meadowbrook",
  "Ironwood",
  "Silver Creek",
  "Stonebridge",
  "Willow Bend",
];
const BUILDINGS = [
  "Tower",
  "Medical Center",
  "School Extension",
  "Parking Structure",
  "Bridge Rehabilitation",
  "Distribution Warehouse",
  "Data Center",
  "Apartments",
  "Transit Station",
  "Water Treatment Plant",
  "Office Park",
  "Public Library",
  "Hotel",
  "Stadium Renovation",
  "Fire Station",
];
const CITIES = [
  "Seattle, WA",
  "Portland, OR",
  "Tacoma, WA",
  "Spokane, WA",
  "Boise, ID",
  "Sacramento, CA",
  "Denver, CO",
  "Salt Lake City, UT",
  "Phoenix, AZ",
  "Austin, TX",
  "Dallas, TX",
  "Minneapolis, MN",
  "Chicago, IL",
  "Columbus, OH",
  "Atlanta, GA",
  "Charlotte, NC",
  "Nashville, TN",
  "Pittsburgh, PA",
  "Baltimore, MD",
  "Boston, MA",
];
const STREETS = [
  "Main St",
  "1st Ave",
  "Industrial Way",
  "Harbor Blvd",
  "Pine St",
  "Commerce Dr",
  "Market St",
  "Lake Rd",
  "Station Rd",
  "College Ave",
];
const AREAS = [
  "Level 1",
  "Level 2",
  "Level 3",
  "Level 4",
  "Roof",
  "Basement",
  "East stair core",
  "West wing",
  "Loading dock",
  "Mechanical room",
  "Parking deck",
  "Site perimeter",
  "Excavation pit",
  "North elevation",
];

const JHA_TASKS = [
  "Excavation for footings",
  "Steel beam erection",
  "Roof membrane installation",
  "Scaffold erection",
  "Concrete pour",
  "Trenching for utilities",
  "Overhead electrical rough-in",
  "Interior demolition",
  "Crane lift of rooftop units",
  "Welding of stair handrails",
  "Formwork stripping",
  "Curtain wall glazing",
  "Rebar placement",
  "Asphalt paving",
  "Masonry wall construction",
  "Fire sprinkler installation",
  "Drywall hanging",
  "Shoring installation",
];
const HAZARDS = [
  "Fall from height over 6 feet",
  "Struck by falling objects",
  "Trench wall collapse",
  "Contact with overhead power lines",
  "Caught between swinging load and structure",
  "Silica dust inhalation",
  "Burns from hot work",
  "Noise above 85 dB",
  "Slips and trips on debris",
  "Hand injury from sharp edges",
  "Heat stress",
  "Back strain from manual lifting",
  "Struck by moving equipment",
  "Electric shock from temporary power",
];
const CONTROLS = [
  "Guardrails and personal fall arrest systems at every open edge",
  "Toe boards and debris netting; barricade the drop zone",
  "Trench box or sloping per competent person inspection",
  "Maintain 10 feet clearance from power lines; spotter assigned",
  "Tag lines on loads; no one under suspended loads",
  "Wet cutting and N95 respirators",
  "Fire watch for 30 minutes after hot work; extinguisher within reach",
  "Hearing protection required in marked zones",
  "Housekeeping at end of each shift",
  "Cut-resistant gloves and safety glasses",
  "Water, rest, shade schedule",
  "Two-person lift or mechanical aid over 50 lb",
  "Backup alarms and spotters for all reversing equipment",
  "GFCI on all temporary power; inspect cords daily",
];
const RESPONSIBLE = [
  "Foreman",
  "Site Supervisor",
  "Competent person",
  "Crane operator",
  "Each worker",
  "Safety Manager",
  "Electrical lead",
];

const INCIDENTS = [
  ["Slip on wet stairs", "Worker slipped on the wet stair landing and bruised a knee."],
  ["Dropped tool from scaffold", "A wrench fell from the second lift of the scaffold into the barricaded zone."],
  ["Cut from rebar end", "Minor laceration to the forearm from an uncapped rebar end."],
  ["Forklift near miss", "A forklift reversed toward a laborer who stepped clear in time."],
  ["Ladder slipped", "An extension ladder slid on the slab; the worker stepped off unhurt."],
  ["Eye irritation from dust", "Dust entered a worker's eye while sweeping without glasses."],
  ["Back strain lifting block", "Worker strained their lower back lifting concrete block alone."],
  ["Shock from extension cord", "A damaged cord gave a mild shock; the cord was tagged out."],
  ["Trench edge collapse", "A section of trench wall sloughed in; nobody was in the trench."],
  ["Struck by swinging load", "A tag line was not used and a swinging bundle grazed a worker's shoulder."],
  ["Heat exhaustion symptoms", "A worker felt dizzy in the afternoon heat and was moved to shade."],
  ["Nail gun misfire", "A framing nailer double-fired; the nail missed the worker's hand."],
] as const;
const ACTIONS = [
  "First aid given on site.",
  "Area barricaded and cleaned.",
  "Toolbox talk held with the crew.",
  "Equipment tagged out and replaced.",
  "Worker sent for medical evaluation.",
  "Supervisor reviewed the JHA with the crew.",
];

const PERMIT_TASKS = [
  "Welding handrails",
  "Cutting steel beams",
  "Torch-applied roofing",
  "Brazing copper lines",
  "Grinding anchor bolts",
  "Cutting pipe supports",
  "Welding beam connections",
  "Soldering drain lines",
  "Cutting rebar with a torch",
  "Arc welding embed plates",
];
const COMMENT_TOPICS = [
  ["Blocked fire exit", "The fire exit door near the east stair is blocked with drywall pallets again."],
  ["Missing guardrail", "The guardrail at the level three slab edge by the hoist is missing a top rail."],
  ["Need more hard hats", "New crew members started today and there are not enough hard hats in the trailer."],
  ["Poor lighting in parking level", "Lighting on the lower parking level is out; we are working with headlamps."],
  ["Scaffold tag missing", "The scaffold on the north elevation has no inspection tag this week."],
  ["Damaged extension cords", "Several extension cords in the gang box have cut insulation and should be replaced."],
  ["Eye wash station empty", "The eye wash station near the mixing area is empty."],
  ["Forklift speeding", "The forklift operator near the loading dock is driving too fast around people."],
  ["Trench left open overnight", "The utility trench on the west side was left open without barricades overnight."],
  ["First aid kit restock", "The first aid kit in the level two trailer is missing bandages and gloves."],
] as const;
const RESPONSES = [
  "Thanks for reporting. The area was cleared and the crew reminded.",
  "Fixed this morning; the foreman will check it daily.",
  "Supplies ordered and delivered to the trailer.",
  "Electrician replaced the fixtures; please report again if it recurs.",
];
const VIDEO_TOPICS = [
  "Ladder Safety Basics",
  "Trench and Excavation Safety",
  "Fall Protection Harness Fit",
  "Scaffold Inspection",
  "Hot Work Fire Watch",
  "Crane Hand Signals",
  "Silica Dust Control",
  "Heat Illness Prevention",
  "Lockout Tagout",
  "Struck-By Hazards",
  "Electrical Safety on Site",
  "Forklift Pedestrian Safety",
  "Hazard Communication",
  "Confined Space Entry",
  "Hand and Power Tool Safety",
  "Personal Protective Equipment",
  "Housekeeping on Site",
  "Working Near Power Lines",
  "Back Injury Prevention",
  "Emergency Action Plan",
  "Concrete and Masonry Safety",
  "Steel Erection Safety",
  "Roofing Safety",
  "Demolition Safety",
  "Noise and Hearing",
];
const MODULE_TOPICS = [
  ["Ladder Safety", "site_safety"],
  ["Excavation and Trenching", "site_safety"],
  ["Crane and Rigging Awareness", "equipment_operation"],
  ["Forklift Operation", "equipment_operation"],
  ["Aerial Lift Operation", "equipment_operation"],
  ["Skid Steer Basics", "equipment_operation"],
  ["Guardrails and Covers", "fall_protection"],
  ["Personal Fall Arrest Systems", "fall_protection"],
  ["Roof Work", "fall_protection"],
  ["Silica Exposure Control", "hazardous_materials"],
  ["Lead and Asbestos Awareness", "hazardous_materials"],
  ["Fuel and Compressed Gas Storage", "hazardous_materials"],
  ["Backing and Spotting Vehicles", "spotter_safety"],
  ["Signal Person Basics", "spotter_safety"],
  ["Electrical Safety", "site_safety"],
  ["Hot Work and Fire Prevention", "site_safety"],
  ["Confined Space Awareness", "site_safety"],
  ["Heat Illness Prevention", "site_safety"],
  ["Hand and Power Tools", "equipment_operation"],
  ["Emergency Response", "site_safety"],
  ["Hearing Conservation", "site_safety"],
  ["Lockout Tagout", "equipment_operation"],
  ["Housekeeping and Walkways", "site_safety"],
  ["Respiratory Protection", "hazardous_materials"],
] as const;
const TAGS = [
  "ppe",
  "fall protection",
  "excavation",
  "electrical",
  "equipment",
  "health",
  "fire",
  "housekeeping",
  "cranes",
  "toolbox talk",
];

// ---------------------------------------------------------------------------------------------
// Batched inserts

type Trx = Transaction<Database> | Kysely<Database>;
type TableName = keyof Database;

function batchSize(columns: number): number {
  return Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMS / columns)));
}

/** Inserts `count` rows made by `make(i)` in multi-row INSERTs; prints progress for big tables. */
async function insertMany<T extends TableName>(
  trx: Trx,
  table: T,
  count: number,
  make: (i: number) => Insertable<Database[T]>,
): Promise<void> {
  const started = Date.now();
  let batch: Insertable<Database[T]>[] = [];
  let size = MAX_BATCH_ROWS;
  let nextReport = 0.25;
  for (let i = 0; i < count; i++) {
    const row = make(i);
    if (batch.length === 0 && i === 0) size = batchSize(Object.keys(row).length);
    batch.push(row);
    if (batch.length >= size || i === count - 1) {
      await trx
        .insertInto(table)
        .values(batch as never)
        .execute();
      batch = [];
      if (count >= 20_000 && (i + 1) / count >= nextReport && i + 1 < count) {
        console.log(`    ${table}: ${(i + 1).toLocaleString("en-US")} / ${count.toLocaleString("en-US")}`);
        nextReport += 0.25;
      }
    }
  }
  done(table, count, started);
}

/** Like insertMany, returning the chosen columns of each row (ids of parents). */
async function insertReturning<T extends TableName, R>(
  trx: Trx,
  table: T,
  rows: Insertable<Database[T]>[],
  returning: readonly string[],
): Promise<R[]> {
  const started = Date.now();
  const out: R[] = [];
  const size = rows[0] ? batchSize(Object.keys(rows[0]).length) : 1;
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const result = await trx
      .insertInto(table)
      .values(chunk as never)
      .returning(returning as never)
      .execute();
    out.push(...(result as R[]));
  }
  done(table, rows.length, started);
  return out;
}

function done(table: string, count: number, started: number) {
  console.log(`  ${table.padEnd(16)} ${count.toLocaleString("en-US").padStart(8)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * A dozen small site photos (a coloured scene with a caption) and their thumbnails, made once and
 * shared by every seeded photo row: the benchmark needs realistic rows and bytes, not unique pixels.
 */
async function photoPool(): Promise<{ data: Uint8Array; thumbnail: Uint8Array; width: number; height: number }[]> {
  const colours = [
    "#e8590c",
    "#1971c2",
    "#2f9e44",
    "#f08c00",
    "#862e9c",
    "#c92a2a",
    "#0c8599",
    "#5c940d",
    "#364fc7",
    "#a61e4d",
    "#495057",
    "#d9480f",
  ];
  return Promise.all(
    colours.map(async (colour, i) => {
      const caption = Buffer.from(
        `<svg width="256" height="192" xmlns="http://www.w3.org/2000/svg"><rect x="24" y="120" width="208" height="40" fill="#fff" opacity="0.8"/><text x="36" y="148" font-size="20" font-family="sans-serif">Site photo ${i + 1}</text><circle cx="${60 + i * 12}" cy="64" r="28" fill="#ffe066"/></svg>`,
      );
      const data = await sharp({ create: { width: 256, height: 192, channels: 3, background: colour } })
        .composite([{ input: caption }])
        .jpeg({ quality: 70 })
        .toBuffer();
      const thumbnail = await sharp(data).resize(320, 320, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 72 }).toBuffer();
      return { data: new Uint8Array(data), thumbnail: new Uint8Array(thumbnail), width: 256, height: 192 };
    }),
  );
}

// ---------------------------------------------------------------------------------------------

interface WorkerRef {
  workerId: number;
  userId: number;
  name: string;
}

export async function seedLarge(db: Kysely<Database>, scale = 1): Promise<void> {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const counts = {
    projects: n(TARGET.projects),
    workers: Math.max(2, n(TARGET.workers)),
    jhaForms: n(TARGET.jhaForms),
    incidents: n(TARGET.incidents),
    permits: n(TARGET.permits),
    comments: n(TARGET.comments),
    videos: Math.max(4, n(TARGET.videos)),
  };
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  const daysFromToday = (days: number, hour = 7 + int(0, 9)) =>
    new Date(today.getTime() + days * DAY + hour * 3_600_000 + int(0, 3) * 900_000);

  const [adminHash, managerHash, workerHash] = await Promise.all([
    hashPassword(SEED_PASSWORDS.admin),
    hashPassword(SEED_PASSWORDS.manager),
    hashPassword(SEED_PASSWORDS.worker),
  ]);

  await db.transaction().execute(async (trx) => {
    // --- people --------------------------------------------------------------------------------
    type UserInsert = Insertable<Database["users"]>;
    const people: { user: UserInsert; first: string; last: string; trade: string; company: (typeof COMPANIES)[number] }[] = [];
    for (let i = 0; i < counts.workers; i++) {
      const first = i === 0 ? "Ben" : pick(FIRST_NAMES);
      const last = i === 0 ? "Walker" : pick(LAST_NAMES);
      const company = pick(COMPANIES);
      const username = i === 0 ? SEED_USERNAMES.worker : `${first}.${last}${String(i).padStart(4, "0")}`.toLowerCase();
      people.push({
        first,
        last,
        trade: pick(TRADES),
        company,
        user: {
          username,
          email: `${username}@${company[1]}`,
          passwordHash: workerHash,
          role: "worker",
          firstName: first,
          lastName: last,
          createdAt: daysFromToday(-int(30, 900)),
        },
      });
    }
    const staffUsers: UserInsert[] = [
      {
        username: SEED_USERNAMES.admin,
        email: "bench_admin@sitesafe-construction.example",
        passwordHash: adminHash,
        role: "admin",
        firstName: "Avery",
        lastName: "Stone",
      },
      {
        username: SEED_USERNAMES.manager,
        email: "bench_manager@sitesafe-construction.example",
        passwordHash: managerHash,
        role: "manager",
        firstName: "Maria",
        lastName: "Lopez",
      },
    ];
    const users = await insertReturning<"users", { id: number; username: string }>(
      trx,
      "users",
      [...staffUsers, ...people.map((p) => p.user)],
      ["id", "username"],
    );
    const userIdByName = new Map(users.map((u) => [u.username, u.id]));
    const adminUserId = userIdByName.get(SEED_USERNAMES.admin)!;
    const managerUserId = userIdByName.get(SEED_USERNAMES.manager)!;
    const approvers = [adminUserId, managerUserId];

    const workerRows: Insertable<Database["workers"]>[] = [
      {
        userId: managerUserId,
        firstName: "Maria",
        lastName: "Lopez",
        email: "bench_manager@sitesafe-construction.example",
        phone: "5550100001",
        role: "Safety Manager",
        company: "SiteSafe Construction",
        hardhatNumber: "HH-00001",
        emergencyContact: "Carlos Lopez: 555-010-0002",
      },
      ...people.map((p, i) => ({
        userId: userIdByName.get(p.user.username)!,
        firstName: p.first,
        lastName: p.last,
        email: p.user.email,
        phone: `555${String(1_000_000 + i).padStart(7, "0")}`,
        role: p.trade,
        company: p.company[0],
        hardhatNumber: `HH-${String(10_000 + i)}`,
        emergencyContact: `${pick(FIRST_NAMES)} ${p.last}: 555-${String(int(200, 999))}-${String(int(1000, 9999))}`,
        createdAt: p.user.createdAt!,
      })),
    ];
    const workerIdRows = await insertReturning<"workers", { id: number; userId: number }>(trx, "workers", workerRows, ["id", "userId"]);
    const workerIdByUser = new Map(workerIdRows.map((w) => [w.userId, w.id]));
    const workers: WorkerRef[] = people.map((p) => {
      const userId = userIdByName.get(p.user.username)!;
      return { userId, workerId: workerIdByUser.get(userId)!, name: `${p.first} ${p.last}` };
    });
    const benchWorker = workers[0]!;

    // --- projects ------------------------------------------------------------------------------
    const names = sample(
      PLACES.flatMap((place) => BUILDINGS.map((b) => `${place} ${b}`)),
      counts.projects,
    );
    const contacts = JSON.stringify({
      "Emergency Services": "911",
      "Site Office": "555-0100",
      "Medical Center": "555-0130",
      "OSHA Hotline": "1-800-321-6742",
    });
    const projectRows: Insertable<Database["projects"]>[] = Array.from({ length: counts.projects }, (_, i) => {
      const status = weighted([
        ["active", 60],
        ["completed", 25],
        ["on_hold", 15],
      ] as const);
      const start = daysFromToday(status === "completed" ? -int(500, 1000) : -int(30, 500));
      const end = new Date(start.getTime() + int(180, 900) * DAY);
      const city = pick(CITIES);
      return {
        name: names[i] ?? `${pick(PLACES)} ${pick(BUILDINGS)} ${i + 1}`,
        location: `${int(100, 9999)} ${pick(STREETS)}, ${city}`,
        status,
        description: `${pick(["New build", "Renovation", "Expansion", "Structural retrofit"])} in ${city.split(",")[0]}: ${pick(["steel frame", "cast-in-place concrete", "timber frame", "precast"])} with ${int(1, 30)} storeys.`,
        startDate: isoDate(start),
        endDate: chance(0.9) ? isoDate(end) : null,
        safetyManagerName: "Maria Lopez",
        safetyManagerPhone: "555-010-0001",
        safetyManagerEmail: "bench_manager@sitesafe-construction.example",
        emergencyContactInfo: contacts,
        hasSafetyPlan: i % 2 === 0,
        createdAt: start,
        updatedAt: start,
      };
    });
    const projectIds = (await insertReturning<"projects", { id: number }>(trx, "projects", projectRows, ["id"])).map((p) => p.id);

    // Every second project has a safety plan on file (a small text document).
    const planProjects = projectIds.filter((_, i) => i % 2 === 0);
    await insertMany(trx, "safetyPlans", planProjects.length, (i) => {
      const text = `Site-specific safety plan\nProject ${planProjects[i]}\n\n1. Emergency contacts\n2. Fall protection plan\n3. Hot work procedure\n4. Excavation plan\n`;
      const data = Buffer.from(text, "utf8");
      return {
        projectId: planProjects[i]!,
        fileName: "site-safety-plan.txt",
        fileSize: data.byteLength,
        fileType: SAFETY_PLAN_MIME[".txt"],
        uploadedBy: managerUserId,
        description: "Site-specific safety plan, current revision",
        fileData: data,
      };
    });

    // --- assignments: 15 to 35 workers per project (25 on average) -----------------------------
    const crews = new Map<number, WorkerRef[]>();
    const others = workers.slice(1);
    const assignments: Insertable<Database["projectWorkers"]>[] = [];
    projectIds.forEach((projectId, i) => {
      const crew = sample(others, Math.min(others.length, int(TARGET.assignmentsPerProject - 10, TARGET.assignmentsPerProject + 10)));
      if (i < BENCH_WORKER_PROJECTS) crew.unshift(benchWorker);
      crews.set(projectId, crew);
      for (const w of crew) {
        assignments.push({
          projectId,
          workerId: w.workerId,
          role: w === benchWorker ? "Crew member" : pick(["Crew member", "Crew lead", "Operator"]),
          assignedAt: daysFromToday(-int(1, 400)),
        });
      }
    });
    await insertMany(trx, "projectWorkers", assignments.length, (i) => assignments[i]!);
    const crewOf = (projectId: number) => {
      const crew = crews.get(projectId)!;
      return crew.length ? pick(crew) : pick(workers);
    };

    // --- training: keep the seeded modules, add the rest up to 24 -------------------------------
    const existingModules = await trx.selectFrom("trainingModules").select("id").orderBy("id").execute();
    const newModules = MODULE_TOPICS.slice(0, Math.max(0, TARGET.modules - existingModules.length)).map(([title, type], i) => ({
      slug: null,
      title,
      description: `${title}: the hazards, the rules and what to do on site.`,
      type,
      duration: 15 + 5 * (i % 6),
      content: JSON.stringify({
        sections: [
          {
            title: "Why it matters",
            content: `${title} incidents are among the most common causes of lost time on construction sites.`,
            points: ["Know the hazard", "Know the control", "Stop work when unsure"],
          },
          {
            title: "On site",
            content: "Follow the JHA for the task, inspect your equipment before use, and report anything that looks wrong.",
          },
        ],
        quiz: [
          {
            question: "Who may stop work when a hazard is uncontrolled?",
            options: ["Only the foreman", "Anyone on site", "Only the safety manager"],
            answer: 1,
          },
          {
            question: "When must equipment be inspected?",
            options: ["Before each use", "Once a month", "Only after an incident"],
            answer: 0,
          },
        ],
      }),
      createdBy: managerUserId,
    }));
    const moduleIds = [
      ...existingModules.map((m) => m.id),
      ...(newModules.length
        ? (await insertReturning<"trainingModules", { id: number }>(trx, "trainingModules", newModules, ["id"])).map((m) => m.id)
        : []),
    ];
    const perWorkerTrainings = Math.min(moduleIds.length, Math.round(TARGET.trainings / TARGET.workers));
    await insertMany(trx, "workerTrainings", workers.length * perWorkerTrainings, (i) => {
      const worker = workers[Math.floor(i / perWorkerTrainings)]!;
      const slot = i % perWorkerTrainings;
      // Each worker skips a different few modules: rotate the module list by the worker's index.
      const moduleId = moduleIds[(slot + Math.floor(i / perWorkerTrainings)) % moduleIds.length]!;
      const status = weighted([
        ["completed", 55],
        ["in_progress", 30],
        ["not_started", 15],
      ] as const);
      const accessed = daysFromToday(-int(1, 365));
      return {
        workerId: worker.workerId,
        moduleId,
        status,
        progress: status === "completed" ? 100 : status === "in_progress" ? int(10, 90) : 0,
        completedAt: status === "completed" ? accessed : null,
        lastAccessedAt: status === "not_started" ? null : accessed,
      };
    });

    // --- videos ----------------------------------------------------------------------------------
    const videoRows: Insertable<Database["safetyVideos"]>[] = Array.from({ length: counts.videos }, (_, i) => {
      const topic = VIDEO_TOPICS[i % VIDEO_TOPICS.length]!;
      const part = Math.floor(i / VIDEO_TOPICS.length) + 1;
      const id = Array.from({ length: 11 }, () => pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".split(""))).join(
        "",
      );
      const url = `https://www.youtube.com/watch?v=${id}`;
      // Most are in the past; a few are scheduled, so "upcoming" and "this week" have content.
      const published = daysFromToday(chance(0.08) ? int(1, 30) : -int(0, 720));
      return {
        title: part === 1 ? topic : `${topic}, part ${part}`,
        description: `${topic}: a short video for the morning toolbox talk.`,
        url,
        duration: int(120, 1200),
        publishedAt: published,
        requiredWatchByDate: chance(0.7) ? new Date(published.getTime() + 7 * DAY) : null,
        thumbnail: youTubeThumbnail(url),
        tags: JSON.stringify(sample(TAGS, int(1, 3))),
        createdBy: managerUserId,
        createdAt: published,
      };
    });
    const videoIds = (await insertReturning<"safetyVideos", { id: number }>(trx, "safetyVideos", videoRows, ["id"])).map((v) => v.id);
    const perWorkerVideos = Math.min(videoIds.length, Math.round(TARGET.workerVideos / TARGET.workers));
    await insertMany(trx, "workerVideos", workers.length * perWorkerVideos, (i) => {
      const w = Math.floor(i / perWorkerVideos);
      const status = weighted([
        ["completed", 60],
        ["partially_watched", 30],
        ["not_watched", 10],
      ] as const);
      return {
        workerId: workers[w]!.workerId,
        videoId: videoIds[((i % perWorkerVideos) + w) % videoIds.length]!,
        status,
        watchedPercentage: status === "completed" ? int(95, 100) : status === "partially_watched" ? int(5, 94) : 0,
        lastWatchedAt: status === "not_watched" ? null : daysFromToday(-int(0, 365)),
      };
    });

    // --- JHA forms -------------------------------------------------------------------------------
    await insertMany(trx, "jhaForms", counts.jhaForms, () => {
      const projectId = pick(projectIds);
      const submitted = daysFromToday(-int(0, 730));
      const hazards = sample(HAZARDS, int(1, 4)).map((description) => ({
        description,
        riskLevel: weighted([
          ["low", 25],
          ["medium", 50],
          ["high", 25],
        ] as const),
      }));
      const controls = sample(CONTROLS, int(1, 4)).map((description) => ({ description, responsibility: pick(RESPONSIBLE) }));
      const task = pick(JHA_TASKS);
      return {
        projectId,
        title: `${task}, ${pick(AREAS).toLowerCase()}`,
        jobDescription: `${task} by the ${pick(TRADES).toLowerCase()} crew. Work area barricaded; permits checked before start.`,
        hazards: JSON.stringify(hazards),
        controlMeasures: JSON.stringify(controls),
        submittedBy: crewOf(projectId).workerId,
        submittedAt: submitted,
        updatedAt: submitted,
      };
    });

    // --- incident reports ------------------------------------------------------------------------
    await insertMany(trx, "incidentReports", counts.incidents, () => {
      const projectId = pick(projectIds);
      const [title, description] = pick(INCIDENTS);
      const date = daysFromToday(-int(0, 730));
      const crew = crews.get(projectId)!;
      return {
        projectId,
        title,
        description,
        severity: weighted([
          ["near_miss", 30],
          ["minor", 45],
          ["moderate", 18],
          ["severe", 7],
        ] as const),
        date: isoDate(date),
        location: pick(AREAS),
        reportedBy: crewOf(projectId).workerId,
        involvedWorkers: JSON.stringify(sample(crew, int(0, 3)).map((w) => w.workerId)),
        actionTaken: pick(ACTIONS),
        preventiveMeasures: chance(0.6) ? pick(CONTROLS) : null,
        status: weighted([
          ["open", 20],
          ["in_progress", 20],
          ["closed", 60],
        ] as const),
        createdAt: date,
        updatedAt: date,
      };
    });

    // --- hot work permits: all four states --------------------------------------------------------
    await insertMany(trx, "hotWorkPermits", counts.permits, () => {
      const projectId = pick(projectIds);
      const status = weighted([
        ["pending", 25],
        ["approved", 35],
        ["rejected", 10],
        ["closed", 30],
      ] as const);
      // Closed and rejected permits are history; pending and approved ones are around today.
      const start = daysFromToday(status === "closed" || status === "rejected" ? -int(2, 700) : int(-20, 30));
      const end = new Date(start.getTime() + int(2, 10) * 3_600_000);
      const requested = new Date(start.getTime() - int(1, 5) * DAY);
      const approved = status === "approved" || status === "closed";
      const task = pick(PERMIT_TASKS);
      const equipment = sample(
        HOT_WORK_EQUIPMENT.filter((e) => e !== OTHER_EQUIPMENT),
        int(1, 3),
      );
      return {
        projectId,
        title: `${task}, ${pick(AREAS).toLowerCase()}`,
        location: pick(AREAS),
        workDescription: `${task} for the ${pick(BUILDINGS).toLowerCase()} package; combustibles cleared within 35 feet.`,
        startDate: start,
        endDate: end,
        requestedBy: crewOf(projectId).workerId,
        requestedAt: requested,
        status,
        precautions: JSON.stringify(sample(HOT_WORK_PRECAUTIONS, int(3, 8))),
        equipmentUsed: JSON.stringify(equipment),
        fireWatchRequired: chance(0.85),
        fireWatchBy: chance(0.8) ? pick(workers).name : null,
        approvedBy: approved ? pick(approvers) : null,
        approvedAt: approved ? new Date(requested.getTime() + int(1, 20) * 3_600_000) : null,
        rejectedBy: status === "rejected" ? pick(approvers) : null,
        rejectedAt: status === "rejected" ? new Date(requested.getTime() + int(1, 20) * 3_600_000) : null,
        rejectionReason:
          status === "rejected"
            ? pick(["Fire watch not assigned.", "Combustibles not cleared.", "Conflicts with the crane lift schedule."])
            : null,
        closedBy: status === "closed" ? pick(approvers) : null,
        closedAt: status === "closed" ? new Date(end.getTime() + int(1, 3) * 3_600_000) : null,
        closingNotes:
          status === "closed"
            ? pick(["Area inspected after 60 minutes; no hot spots.", "Work complete, fire watch signed off.", null])
            : null,
        updatedAt: requested,
      };
    });

    // --- safety messages from workers ------------------------------------------------------------
    await insertMany(trx, "safetyComments", counts.comments, () => {
      const projectId = chance(0.95) ? pick(projectIds) : null;
      const author = projectId === null ? pick(workers) : crewOf(projectId);
      const [topic, content] = pick(COMMENT_TOPICS);
      const status = weighted([
        ["open", 30],
        ["in_progress", 15],
        ["resolved", 45],
        ["closed", 10],
      ] as const);
      const created = daysFromToday(-int(0, 730));
      const resolved = status === "resolved" || status === "closed";
      return {
        userId: author.userId,
        projectId,
        title: `${topic} - ${pick(AREAS).toLowerCase()}`,
        content: `${capitalise(content)}`,
        status,
        createdAt: created,
        updatedAt: created,
        resolvedAt: resolved ? new Date(created.getTime() + int(1, 72) * 3_600_000) : null,
        resolvedBy: resolved ? pick(approvers) : null,
        managerResponse: resolved ? pick(RESPONSES) : null,
      };
    });

    await seedOshaRecords(trx, today.getUTCFullYear());
    // --- photos on a share of incident reports and JHA forms, added by whoever filed them --------
    const pool = await photoPool();
    const userOf = new Map(workers.map((w) => [w.workerId, w.userId]));
    const photoRows: Insertable<Database["photos"]>[] = [];
    const addPhotos = (record: { incidentReportId: number } | { jhaFormId: number }, filer: number | null, count: number, filed: Date) => {
      for (let k = 0; k < count; k++) {
        const photo = pick(pool);
        photoRows.push({
          incidentReportId: null,
          jhaFormId: null,
          ...record,
          uploadedBy: filer === null ? null : (userOf.get(filer) ?? null),
          fileName: `IMG_${String(int(1000, 9999))}.jpg`,
          contentType: "image/jpeg",
          byteSize: photo.data.byteLength,
          width: photo.width,
          height: photo.height,
          data: photo.data,
          thumbnail: photo.thumbnail,
          thumbnailSize: photo.thumbnail.byteLength,
          createdAt: new Date(filed.getTime() + int(1, 120) * 60_000),
        });
      }
    };
    const filedIncidents = await trx.selectFrom("incidentReports").select(["id", "reportedBy", "createdAt"]).orderBy("id").execute();
    for (const r of filedIncidents) if (chance(0.3)) addPhotos({ incidentReportId: r.id }, r.reportedBy, int(1, 3), r.createdAt);
    const filedForms = await trx.selectFrom("jhaForms").select(["id", "submittedBy", "submittedAt"]).orderBy("id").execute();
    for (const f of filedForms) if (chance(0.1)) addPhotos({ jhaFormId: f.id }, f.submittedBy, int(1, 2), f.submittedAt);
    await insertMany(trx, "photos", photoRows.length, (i) => photoRows[i] as Insertable<Database["photos"]>);
  });
}

/**
 * OSHA records in a few set-based statements (deterministic: every choice follows the row's id).
 * Shares: a quarter of severe and one in twenty-five moderate incidents are recordable; of those
 * about 30% days away, 25% job transfer or restriction, the rest other recordable cases, one in
 * ~200 a death; 90% injuries; 3% privacy cases. A third of the other moderate and severe
 * incidents are classified first aid only. Hours: 1,900 a year for each worker on the
 * establishment's projects, so rates land where construction's do.
 */
async function seedOshaRecords(trx: Trx, year: number): Promise<void> {
  const started = Date.now();
  await sql`insert into establishments (name, company_name, street_address, city, state, zip, naics_code, industry_description, ein, size, establishment_type, is_company_default)
    values ('Main office', 'SiteSafe Construction', '100 Commerce Dr', 'Springfield', 'IL', '62701', '236220', 'Commercial and institutional building construction', '361234567', 22, 1, true)`.execute(
    trx,
  );
  await sql`insert into establishments (name, company_name, street_address, city, state, zip, naics_code, industry_description, size, establishment_type)
    select p.name || ' (site ' || p.id || ')', 'SiteSafe Construction', (100 + p.id) || ' Site Rd', 'Springfield', 'IL', '62702', '236220', 'Commercial and institutional building construction', 21, 1
    from projects p where p.id % 5 = 0`.execute(trx);
  await sql`update projects p set establishment_id = e.id from establishments e where e.name = p.name || ' (site ' || p.id || ')'`.execute(
    trx,
  );
  await sql`insert into incident_recordkeeping (incident_id, recordable, not_recordable_reason, employee_worker_id, employee_name, job_title, time_of_event, time_began_work,
      outcome, days_away, days_restricted, date_of_death, injury_type, privacy_case, privacy_reason, details)
    select r.id, c.recordable, case when c.recordable then null else 'first_aid_only' end,
      w.id, w.first_name || ' ' || w.last_name, case when c.recordable then w.role end,
      case when c.recordable then lpad((7 + r.id % 9)::text, 2, '0') || ':' || lpad((r.id % 4 * 15)::text, 2, '0') end,
      case when c.recordable then '07:00' end,
      c.outcome,
      case when c.outcome = 'days_away' then 1 + r.id % 40 else 0 end,
      case when c.outcome = 'job_transfer_restriction' then 1 + r.id % 25 when c.outcome = 'days_away' then r.id % 3 * 5 else 0 end,
      case when c.outcome = 'death' then r.date end,
      case when not c.recordable then null when r.id % 20 = 1 then 'skin_disorder' when r.id % 30 = 2 then 'respiratory_condition' when r.id % 40 = 3 then 'hearing_loss' else 'injury' end,
      c.recordable and r.id % 33 = 0, case when c.recordable and r.id % 33 = 0 then 'intimate_body_part' end,
      case when c.recordable then jsonb_build_object('whatHappened', r.description, 'injuryDescription', r.title, 'bodyPart', 'Hand', 'objectSubstance', 'Tools and materials', 'whatDoing', 'Routine work on site') else '{}'::jsonb end
    from incident_reports r
    left join workers w on w.id = r.reported_by
    cross join lateral (
      select (r.severity = 'severe' and r.id % 4 = 0) or (r.severity = 'moderate' and r.id % 25 = 0) as recordable
    ) rec
    cross join lateral (
      select rec.recordable,
        case when not rec.recordable then null
          when r.id % 197 = 0 then 'death'
          when r.id % 20 < 6 then 'days_away'
          when r.id % 20 < 11 then 'job_transfer_restriction'
          else 'other_recordable' end as outcome
    ) c
    where r.severity in ('severe', 'moderate') and (rec.recordable or r.id % 3 = 0)`.execute(trx);
  await sql`insert into establishment_years (establishment_id, year, annual_average_employees, total_hours_worked)
    select e.id, y.year, greatest(1, crew.n), greatest(1, crew.n) * 1900
    from establishments e
    cross join (select generate_series(${year - 2}::int, ${year}::int) as year) y
    cross join lateral (
      select count(distinct pw.worker_id)::int as n
      from projects p join project_workers pw on pw.project_id = p.id
      where p.establishment_id = e.id or (e.is_company_default and p.establishment_id is null)
    ) crew`.execute(trx);
  const [cases] = (await sql<{ n: number }>`select count(*)::int as n from incident_recordkeeping where recordable`.execute(trx)).rows;
  done(`osha (${cases?.n ?? 0} recordable)`, cases?.n ?? 0, started);
}

async function main() {
  const config = loadConfig();
  const scale = Number(process.env.SEED_SCALE ?? 1);
  if (!(scale > 0 && scale <= 1)) {
    console.error(`SEED_SCALE must be a number in (0, 1], got "${process.env.SEED_SCALE}"`);
    process.exit(2);
  }
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${config.dataDir}`;
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    maxConnections: 2,
  });
  try {
    await migrateToLatest(handle.db);
    const projects = await handle.db
      .selectFrom("projects")
      .select((e) => e.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const known = await handle.db
      .selectFrom("users")
      .select("username")
      .where((eb) => eb(eb.fn("lower", ["username"]), "in", Object.values(SEED_USERNAMES)))
      .executeTakeFirst();
    if (Number(projects.n) > 0 || known) {
      console.error(
        `Refusing to seed: ${where} is not empty (${Number(projects.n)} projects${known ? `, user "${known.username}" exists` : ""}).\n` +
          "seed:large fills an EMPTY database. Point DATABASE_URL at a new database (createdb) or DATA_DIR at a new folder.",
      );
      process.exitCode = 2;
      return;
    }
    console.log(`Seeding a large contractor into ${where}${scale !== 1 ? ` at scale ${scale}` : ""}...`);
    const started = Date.now();
    await seedLarge(handle.db, scale);
    const analyzeStarted = Date.now();
    // Fresh statistics, so the planner sees the real table sizes, and a visibility map, so
    // index-only scans work at once: what autovacuum would do some minutes after a bulk load.
    await sql`vacuum analyze`.execute(handle.db);
    console.log(`  vacuum analyze            ${((Date.now() - analyzeStarted) / 1000).toFixed(1)} s`);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(
      `Sign in as ${SEED_USERNAMES.admin} / ${SEED_PASSWORDS.admin}, ${SEED_USERNAMES.manager} / ${SEED_PASSWORDS.manager}, or ${SEED_USERNAMES.worker} (or any seeded worker) / ${SEED_PASSWORDS.worker}.`,
    );
  } finally {
    await handle.close();
  }
}

// Runs when executed (`node dist/scripts/seed-large.js`), not when imported for its constants.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`seed:large failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
