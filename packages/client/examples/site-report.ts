/**
 * A safety director's morning script, written against the published client:
 *   1. lists the incidents of a project,
 *   2. files a JHA for today's crane lift on it,
 *   3. approves the project's oldest pending hot work permit.
 *
 * Run it against a running server with a read-write service token of a manager or admin
 * (profile page -> API Tokens -> New Token):
 *
 *   SITESAFE_URL=http://127.0.0.1:3000 SITESAFE_TOKEN=sst_... pnpm --filter @sitesafe/client example
 *
 * SITESAFE_PROJECT picks the project by id (default: the first active one). The last line it
 * prints is a JSON summary (the CI test reads it).
 */
import { createClient, SiteSafeError } from "@sitesafe/client";

const url = process.env.SITESAFE_URL ?? "http://127.0.0.1:3000";
const token = process.env.SITESAFE_TOKEN;
if (!token) {
  console.error("Set SITESAFE_TOKEN to a service token (profile page -> API Tokens).");
  process.exit(2);
}

const client = createClient({ url, token });

async function main() {
  const me = await client.auth.me.query();
  console.log(`Signed in as ${me.username} (${me.role}) with a service token`);

  const projects = await client.projects.list.query();
  const wanted = process.env.SITESAFE_PROJECT ? Number(process.env.SITESAFE_PROJECT) : undefined;
  const project = projects.find((p) => (wanted ? p.id === wanted : p.status === "active"));
  if (!project) throw new Error("No active project to report on");
  console.log(`Project: ${project.name} (${project.location}), ${project.workerCount} workers, ${project.compliancePercentage}% compliant`);

  // 1. The project's incidents, newest first.
  const incidents = await client.incidents.list.query({ projectId: project.id });
  console.log(`${incidents.length} incident report(s):`);
  for (const incident of incidents.slice(0, 5)) {
    console.log(`  #${incident.id} ${incident.date} [${incident.severity}, ${incident.status}] ${incident.title}`);
  }

  // 2. File a JHA for today's lift.
  const jha = await client.jha.create.mutate({
    projectId: project.id,
    title: "Tower crane lift: curtain wall panels",
    jobDescription: "Lifting 12 curtain wall panels to level 14 with the tower crane.",
    hazards: [
      { description: "Suspended load over the public walkway", riskLevel: "high" },
      { description: "Wind gusts above 20 mph", riskLevel: "medium" },
    ],
    controlMeasures: [
      { description: "Close the walkway and post a banksman at each end", responsibility: "Site supervisor" },
      { description: "Stop lifting when the anemometer reads over 20 mph", responsibility: "Crane operator" },
    ],
  });
  console.log(`Filed JHA #${jha.id} "${jha.title}" at ${jha.submittedAt.toISOString()}`);

  // 3. Approve the oldest pending hot work permit of the project.
  const permits = await client.permits.list.query({ projectId: project.id });
  const pending = permits.filter((p) => p.status === "pending").sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime())[0];
  let approved: number | null = null;
  let secondTry: { status: number; message: string } | null = null;
  if (pending) {
    const permit = await client.permits.approve.mutate({ id: pending.id });
    approved = permit.id;
    console.log(`Approved permit #${permit.id} "${permit.title}" (requested by ${permit.requesterName ?? "unknown"})`);
    // Errors carry the server's message and status: approving twice is refused.
    try {
      await client.permits.approve.mutate({ id: pending.id });
    } catch (error) {
      if (!(error instanceof SiteSafeError)) throw error;
      secondTry = { status: error.status, message: error.message };
      console.log(`Approving it again is refused: ${error.status} ${error.message}`);
    }
  } else {
    console.log("No pending permits to approve");
  }

  console.log(JSON.stringify({ projectId: project.id, incidents: incidents.length, jhaId: jha.id, approvedPermitId: approved, secondTry }));
}

main().catch((error: unknown) => {
  if (error instanceof SiteSafeError) console.error(`SiteSafe said ${error.status}: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
