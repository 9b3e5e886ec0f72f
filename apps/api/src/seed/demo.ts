import type { Database } from "@sitesafe/db";
import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import { hashPassword } from "../auth/passwords.js";
import type { Logger } from "../context.js";

export const DEMO_PASSWORD = "SiteSafe123!";

const day = 24 * 60 * 60 * 1000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * SEED_DEMO=1: a small, realistic contractor in an empty database, for trying the product:
 * a manager, four workers on three projects, and a few of every record. All accounts use
 * DEMO_PASSWORD. Runs once: skipped when any project exists.
 */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const existing = await db.selectFrom("projects").select("id").limit(1).executeTakeFirst();
  if (existing) {
    log.info("demo data skipped: the database already has projects");
    return;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const people = [
      {
        username: "manager",
        role: "manager" as const,
        firstName: "Maria",
        lastName: "Lopez",
        position: "Safety Manager",
        company: "SiteSafe Construction",
      },
      {
        username: "jsmith",
        role: "worker" as const,
        firstName: "John",
        lastName: "Smith",
        position: "Carpenter",
        company: "Northline Framing",
      },
      { username: "akim", role: "worker" as const, firstName: "Alice", lastName: "Kim", position: "Welder", company: "Bright Steel" },
      {
        username: "dpatel",
        role: "worker" as const,
        firstName: "Dev",
        lastName: "Patel",
        position: "Electrician",
        company: "Voltline Electric",
      },
      {
        username: "sbrown",
        role: "worker" as const,
        firstName: "Sam",
        lastName: "Brown",
        position: "Laborer",
        company: "Northline Framing",
      },
    ];
    const workerIds: number[] = [];
    const userIds: number[] = [];
    for (const [i, p] of people.entries()) {
      const user = await trx
        .insertInto("users")
        .values({
          username: p.username,
          email: `${p.username}@demo.sitesafe.test`,
          passwordHash,
          role: p.role,
          firstName: p.firstName,
          lastName: p.lastName,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.push(user.id);
      const worker = await trx
        .insertInto("workers")
        .values({
          userId: user.id,
          firstName: p.firstName,
          lastName: p.lastName,
          email: `${p.username}@demo.sitesafe.test`,
          phone: `555010${1000 + i}`,
          role: p.position,
          company: p.company,
          hardhatNumber: `HH-${100 + i}`,
          emergencyContact: "Family: 555-0199",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      workerIds.push(worker.id);
    }
    const contacts = JSON.stringify({
      "Emergency Services": "911",
      "Police Department": "555-0110",
      "Fire Department": "555-0120",
      "Medical Center": "555-0130",
      "Poison Control": "1-800-222-1222",
      "OSHA Hotline": "1-800-321-6742",
    });
    const projects = [
      {
        name: "Harbor View Tower",
        location: "Pier 9, Seattle",
        status: "active" as const,
        description: "22-storey mixed-use tower: podium and steel frame.",
      },
      {
        name: "Maple Street School",
        location: "Maple St, Portland",
        status: "active" as const,
        description: "Two-storey school extension with a gymnasium.",
      },
      {
        name: "Riverside Bridge Repair",
        location: "Riverside, Tacoma",
        status: "on_hold" as const,
        description: "Deck repairs and railing replacement.",
      },
    ];
    const projectIds: number[] = [];
    for (const p of projects) {
      const row = await trx
        .insertInto("projects")
        .values({
          ...p,
          startDate: isoDate(new Date(now.getTime() - 60 * day)),
          endDate: isoDate(new Date(now.getTime() + 300 * day)),
          safetyManagerName: "Maria Lopez",
          safetyManagerEmail: "manager@demo.sitesafe.test",
          safetyManagerPhone: "5550101000",
          emergencyContactInfo: contacts,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      projectIds.push(row.id);
    }
    const [p1, p2, p3] = projectIds as [number, number, number];
    const [, w1, w2, w3, w4] = workerIds as [number, number, number, number, number];
    const [managerUser, u1, u2] = userIds as [number, number, number];
    await trx
      .insertInto("projectWorkers")
      .values([
        { projectId: p1, workerId: w1 },
        { projectId: p1, workerId: w2 },
        { projectId: p1, workerId: w3 },
        { projectId: p2, workerId: w3 },
        { projectId: p2, workerId: w4 },
        { projectId: p3, workerId: w1 },
      ])
      .execute();

    await trx
      .insertInto("jhaForms")
      .values([
        {
          projectId: p1,
          title: "Steel beam erection, level 12",
          jobDescription: "Crane lift and bolting of perimeter beams.",
          hazards: JSON.stringify([
            { description: "Falls from the leading edge", riskLevel: "high" },
            { description: "Suspended load overhead", riskLevel: "high" },
            { description: "Pinch points while bolting", riskLevel: "medium" },
          ]),
          controlMeasures: JSON.stringify([
            { description: "100% tie-off to certified anchors", responsibility: "Foreman" },
            { description: "Exclusion zone under the lift, tag lines", responsibility: "Signal person" },
          ]),
          submittedBy: w2,
        },
        {
          projectId: p2,
          title: "Trenching for storm drain",
          jobDescription: "1.5 m trench along the east wall.",
          hazards: JSON.stringify([{ description: "Trench collapse", riskLevel: "high" }]),
          controlMeasures: JSON.stringify([{ description: "Trench box and daily inspection", responsibility: "Competent person" }]),
          submittedBy: w4,
        },
      ])
      .execute();

    await trx
      .insertInto("incidentReports")
      .values([
        {
          projectId: p1,
          title: "Dropped wrench from level 8",
          description: "A 12-inch wrench fell into the exclusion zone. Nobody was hurt.",
          severity: "near_miss",
          date: isoDate(new Date(now.getTime() - 2 * day)),
          location: "North face, level 8",
          reportedBy: w1,
          involvedWorkers: JSON.stringify([w1]),
          actionTaken: "Area cleared; tool lanyards issued.",
          preventiveMeasures: "Tool tethering required above level 2.",
          status: "closed",
        },
        {
          projectId: p1,
          title: "Cut hand on sheet metal",
          description: "Laceration to the left palm while handling flashing.",
          severity: "minor",
          date: isoDate(new Date(now.getTime() - 1 * day)),
          location: "Roof deck",
          reportedBy: w2,
          involvedWorkers: JSON.stringify([w2]),
          actionTaken: "First aid given.",
          preventiveMeasures: "Cut-resistant gloves for flashing work.",
          status: "in_progress",
        },
        {
          projectId: p2,
          title: "Scaffold plank displaced",
          description: "A plank shifted when stepped on; worker caught the guardrail.",
          severity: "moderate",
          date: isoDate(now),
          location: "Gym scaffold, bay 3",
          reportedBy: w4,
          involvedWorkers: JSON.stringify([w4]),
          actionTaken: "Scaffold tagged red and re-inspected.",
          status: "open",
        },
      ])
      .execute();

    // From the checklist itself, so the demo permits can be edited through the form.
    const precautions = JSON.stringify(HOT_WORK_PRECAUTIONS.slice(0, 6));
    await trx
      .insertInto("hotWorkPermits")
      .values([
        {
          projectId: p1,
          title: "Welding stair stringers",
          location: "Stair core B, level 3",
          workDescription: "MIG welding of steel stair stringers to embed plates.",
          startDate: new Date(now.getTime() + 1 * day),
          endDate: new Date(now.getTime() + 1 * day + 6 * 3600_000),
          requestedBy: w2,
          status: "pending",
          precautions,
          equipmentUsed: JSON.stringify(["Welding equipment", "Grinders"]),
          fireWatchRequired: true,
          fireWatchBy: "Sam Brown",
        },
        {
          projectId: p1,
          title: "Cutting rebar dowels",
          location: "Podium slab, grid C4",
          workDescription: "Torch cutting of protruding dowels before the pour.",
          startDate: new Date(now.getTime() + 2 * day),
          endDate: new Date(now.getTime() + 2 * day + 4 * 3600_000),
          requestedBy: w1,
          status: "approved",
          approvedBy: managerUser,
          approvedAt: now,
          precautions,
          equipmentUsed: JSON.stringify(["Cutting torch"]),
          fireWatchRequired: true,
          fireWatchBy: "Alice Kim",
        },
      ])
      .execute();

    await trx
      .insertInto("safetyVideos")
      .values([
        {
          title: "Ladder Safety Basics",
          description: "Three points of contact, setting the angle, and inspecting before use.",
          url: "https://www.youtube.com/watch?v=ZtJXPNfXkuU",
          duration: 312,
          publishedAt: new Date(now.getTime() - 1 * day),
          requiredWatchByDate: new Date(now.getTime() + 6 * day),
          thumbnail: "https://img.youtube.com/vi/ZtJXPNfXkuU/hqdefault.jpg",
          tags: JSON.stringify(["ladders", "falls"]),
        },
        {
          title: "Silica Dust Control",
          description: "Wet cutting, vacuums and respirators for concrete work.",
          url: "https://www.youtube.com/watch?v=2Lcd8Q3i3mE",
          duration: 420,
          publishedAt: new Date(now.getTime() - 10 * day),
          requiredWatchByDate: new Date(now.getTime() - 3 * day),
          thumbnail: "https://img.youtube.com/vi/2Lcd8Q3i3mE/hqdefault.jpg",
          tags: JSON.stringify(["health", "concrete"]),
        },
      ])
      .execute();

    await trx
      .insertInto("safetyComments")
      .values([
        {
          userId: u1,
          projectId: p1,
          title: "Guardrail loose on level 9",
          content: "The east guardrail on level 9 moves when leaned on. Please have it checked before tomorrow.",
          status: "open",
        },
        {
          userId: u2,
          projectId: p1,
          title: "More water stations needed",
          content: "With the heat this week we need a water station on the upper levels, not just at the gate.",
          status: "resolved",
          resolvedAt: now,
          resolvedBy: managerUser,
          managerResponse: "Two coolers now on levels 6 and 10. Thanks for raising it.",
        },
      ])
      .execute();
  });
  log.info(
    { event: "demo_seeded" },
    `Demo data loaded. Sign in as "manager", "jsmith", "akim", "dpatel" or "sbrown" with password ${DEMO_PASSWORD}`,
  );
}
