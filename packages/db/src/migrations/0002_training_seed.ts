import type { Kysely } from "kysely";

/**
 * The four built-in training modules and the four static training pages, seeded as real modules
 * so completion is always recorded (docs/product.md). The static pages find theirs by slug.
 *
 * The content is plain data on purpose: a migration must not change when the domain code
 * evolves. Its shape is the domain's `moduleContentSchema` ({ sections, quiz, guidelines? }),
 * and an API test checks every seeded module against that schema.
 *
 * Figures are from OSHA's construction standards (29 CFR 1926) and the Hazard Communication
 * Standard (29 CFR 1910.1200); the standard is named next to each figure so a reader can check it.
 */

interface SeedSection {
  title: string;
  content: string;
  points?: string[];
}
interface SeedQuestion {
  question: string;
  options: string[];
  answer: number;
}
interface SeedGuideline {
  category: string;
  title: string;
  oshaStandard: string;
  description: string;
  keyPoints: string[];
  resourceLink?: string;
}
interface SeedModule {
  slug: string;
  title: string;
  description: string;
  type: "site_safety" | "spotter_safety" | "equipment_operation" | "fall_protection" | "hazardous_materials";
  duration: number;
  content: { sections: SeedSection[]; quiz: SeedQuestion[]; guidelines?: SeedGuideline[] };
}

export const seededTrainingModules: SeedModule[] = [
  {
    slug: "hard-hat-safety",
    title: "Hard Hat Safety",
    description: "Choosing, wearing, inspecting and replacing head protection on a construction site.",
    type: "site_safety",
    duration: 20,
    content: {
      sections: [
        {
          title: "Why head protection is required",
          content:
            "OSHA requires head protection wherever there is a possible danger of head injury from impact, falling or flying objects, or electrical shock and burns (29 CFR 1926.100). On an active site that means everyone, all the time, in every marked hard hat area.",
          points: [
            "Falling tools and materials cause many of the struck-by injuries on construction sites.",
            "A hard hat spreads the force of a blow over the suspension instead of your skull.",
            "Your supervisor can send you off site for not wearing one: it is a condition of entry.",
          ],
        },
        {
          title: "Types and classes",
          content:
            "Hard hats are tested to ANSI/ISEA Z89.1. The Type tells you where it protects against impact; the Class tells you how much electrical protection it gives. Check the label inside the shell.",
          points: [
            "Type I: protects against blows to the top of the head.",
            "Type II: protects against blows to the top and the sides (lateral impact).",
            "Class G (General): tested to 2,200 volts.",
            "Class E (Electrical): tested to 20,000 volts; required near energized conductors.",
            "Class C (Conductive): no electrical protection. Never use near electrical hazards.",
          ],
        },
        {
          title: "Wearing it correctly",
          content:
            "A hard hat only works when it fits and sits the way it was tested. Adjust the suspension so the hat sits level and does not move when you bend over, with a gap between the shell and your head.",
          points: [
            "Wear it with the brim forward unless the manufacturer marks it for reverse wear.",
            "Do not put caps, tools or gloves between the suspension and the shell.",
            "Use a chin strap when working at height or in wind.",
            "Do not drill holes, paint or use solvents on the shell; they weaken it.",
          ],
        },
        {
          title: "Daily inspection and replacement",
          content:
            "Inspect the shell and suspension at the start of every shift. Replace the hard hat immediately after any significant impact, even if you cannot see damage, and follow the manufacturer's replacement schedule for the shell and the suspension.",
          points: [
            "Look for cracks, dents, chalky or faded plastic and stiff or brittle areas.",
            "Check the suspension for torn straps, broken clips and stretched headbands.",
            "Sunlight and heat break down plastic: do not store your hat on the dashboard or rear window.",
          ],
        },
      ],
      quiz: [
        {
          question: "Which hard hat class is tested to 20,000 volts for work near energized conductors?",
          options: ["Class G", "Class E", "Class C", "Any class with a chin strap"],
          answer: 1,
        },
        {
          question: "Your hard hat takes a hard hit from a falling piece of conduit but looks fine. What do you do?",
          options: [
            "Keep using it if there are no visible cracks",
            "Replace it immediately",
            "Tape the top and report it at the end of the week",
            "Turn it around so the brim protects the dent",
          ],
          answer: 1,
        },
        {
          question: "A Type II hard hat protects against:",
          options: [
            "Blows to the top of the head only",
            "Electrical shock only",
            "Blows to the top and sides of the head",
            "Chemical splashes",
          ],
          answer: 2,
        },
        {
          question: "When should you inspect your hard hat?",
          options: ["Once a year", "Only after an incident", "At the start of every shift", "When the supervisor asks"],
          answer: 2,
        },
      ],
    },
  },
  {
    slug: "hazard-identification",
    title: "Hazard Identification",
    description: "Spotting hazards before work starts, the Focus Four, and controlling risk with the hierarchy of controls.",
    type: "site_safety",
    duration: 30,
    content: {
      sections: [
        {
          title: "What a hazard is",
          content:
            "A hazard is anything that could hurt someone: a condition (an unguarded edge, a live cable), an activity (lifting, cutting, reversing a truck) or a substance (silica dust, solvents). Risk is how likely the harm is and how bad it would be. Finding hazards before the work starts is the cheapest way to prevent injuries.",
        },
        {
          title: "The Focus Four",
          content:
            "OSHA's Focus Four are the hazards behind most construction deaths. Walk your work area looking for each of them at the start of the shift and whenever conditions change.",
          points: [
            "Falls: unprotected edges and holes, ladders, scaffolds, roofs.",
            "Struck-by: falling objects, swinging loads, moving vehicles and equipment.",
            "Caught-in or between: trench collapses, rotating parts, equipment pinch points.",
            "Electrocution: overhead power lines, damaged cords, unlocked energy sources.",
          ],
        },
        {
          title: "How to look for hazards",
          content:
            "Break the job into steps, then ask what could go wrong at each step. This is the Job Hazard Analysis (JHA) you file in SiteSafe. Talk to the people who do the work: they know where the near misses happen.",
          points: [
            "Walk the area before work and after any change in weather, crew or equipment.",
            "Check what is above you, below you and around you.",
            "Review incident and near-miss reports for the same kind of task.",
            "Read the Safety Data Sheet for any chemical you will use.",
          ],
        },
        {
          title: "Controlling the risk",
          content:
            "Use the hierarchy of controls, starting at the top. Controls higher on the list work without relying on people to do everything right; PPE is the last line of defence, not the first.",
          points: [
            "Elimination: remove the hazard (prefabricate at ground level instead of working at height).",
            "Substitution: use something less hazardous (a water-based product instead of a solvent).",
            "Engineering controls: guardrails, machine guards, wet cutting, local exhaust.",
            "Administrative controls: permits, training, signage, work rotation.",
            "PPE: hard hats, harnesses, respirators, gloves, eye and hearing protection.",
          ],
        },
        {
          title: "Report and stop",
          content:
            "If you find a hazard you can fix safely, fix it. If you cannot, barricade it, warn others and report it to your supervisor. Every worker has the authority to stop work that is unsafe. Report near misses too: they are free lessons.",
        },
      ],
      quiz: [
        {
          question: "Which of these is NOT one of OSHA's Focus Four hazards?",
          options: ["Falls", "Electrocution", "Noise", "Caught-in or between"],
          answer: 2,
        },
        {
          question: "Which control is the most effective?",
          options: ["Personal protective equipment", "Elimination of the hazard", "Warning signs", "Training"],
          answer: 1,
        },
        {
          question: "You find a damaged extension cord you cannot repair. What should you do?",
          options: [
            "Tape it and keep working",
            "Take it out of service, tag it and report it",
            "Leave it for the next shift",
            "Only use it in dry areas",
          ],
          answer: 1,
        },
      ],
    },
  },
  {
    slug: "scaffolding-safety",
    title: "Scaffolding Safety",
    description: "Safe access, fall protection, loading and inspection of supported scaffolds.",
    type: "fall_protection",
    duration: 30,
    content: {
      sections: [
        {
          title: "Competent person and inspection",
          content:
            "Scaffolds must be erected, moved, altered or dismantled under the supervision of a competent person, and inspected by a competent person before each work shift and after anything that could affect their integrity (29 CFR 1926.451(f)(3)). Look for the inspection tag before you climb.",
          points: [
            "Green tag: inspected and safe to use.",
            "Yellow tag: usable with special precautions (for example a harness is required).",
            "Red tag or no tag: do not use.",
          ],
        },
        {
          title: "Capacity and platforms",
          content:
            "Each scaffold and component must support its own weight and at least 4 times the maximum intended load (1926.451(a)(1)). Platforms must be fully planked or decked, and planks must extend at least 6 inches past their supports.",
          points: [
            "Know the scaffold's rated load and do not stockpile material on the platform.",
            "Never use boxes, bricks or loose blocks to support a scaffold or raise the platform.",
            "Keep platforms clear of debris, ice and tools that could trip you.",
          ],
        },
        {
          title: "Access",
          content:
            "Use a proper means of access whenever the platform is more than 2 feet above or below the point of access (1926.451(e)(1)): attached ladders, stair towers or ramps. Never climb the cross braces.",
        },
        {
          title: "Fall protection on scaffolds",
          content:
            "On scaffolds, fall protection is required above 10 feet (1926.451(g)(1)). Guardrails are the usual protection: the top rail of scaffolds built after 2000 sits between 38 and 45 inches above the platform, with a midrail halfway between. Where guardrails are not possible, use a personal fall arrest system.",
          points: [
            "Toeboards or screens protect people below from falling tools and materials.",
            "Never stand on the guardrail or use a ladder on top of a platform to gain height.",
          ],
        },
      ],
      quiz: [
        {
          question: "A scaffold must support its own weight and at least how many times the maximum intended load?",
          options: ["2 times", "3 times", "4 times", "10 times"],
          answer: 2,
        },
        {
          question: "When must a competent person inspect a scaffold?",
          options: [
            "Once a month",
            "Before each work shift and after any event that could affect it",
            "Only when it is first erected",
            "When a worker asks",
          ],
          answer: 1,
        },
        {
          question: "Above what height is fall protection required on a scaffold?",
          options: ["4 feet", "6 feet", "10 feet", "15 feet"],
          answer: 2,
        },
      ],
    },
  },
  {
    slug: "team-lift",
    title: "Team Lift",
    description: "Planning and carrying out lifts of heavy or awkward loads with two or more people.",
    type: "site_safety",
    duration: 15,
    content: {
      sections: [
        {
          title: "When to use a team lift",
          content:
            "Back and shoulder injuries from manual lifting are among the most common injuries in construction. Use a mechanical aid first: a dolly, cart, hoist or forklift. When the load must be carried by hand, lift it with a team if it is heavy (the NIOSH lifting equation's limit under ideal conditions is 51 pounds), bulky, awkward or blocks your view.",
        },
        {
          title: "Plan the lift",
          content: "Agree the plan before anyone touches the load. One person leads and gives the commands.",
          points: [
            "Check the load's weight, its centre of gravity and where to grip it.",
            "Walk the route: clear trip hazards, open doors, check overhead clearance.",
            "Match partners of similar height where possible.",
            'Agree the commands ("Ready, lift", "Stop", "Down").',
          ],
        },
        {
          title: "Lift, carry and set down together",
          content:
            "Lift on the leader's command with a straight back, bending at the knees and hips. Keep the load close to your body and move your feet to turn instead of twisting your trunk. Set the load down together, also on command, and keep fingers and toes clear.",
          points: [
            'Anyone can call "Stop" at any time; everyone stops.',
            "Do not change grip while moving: stop and set the load down first.",
          ],
        },
      ],
      quiz: [
        {
          question: "What should you try before a manual team lift?",
          options: ["A faster pace", "A mechanical aid such as a dolly or hoist", "Lifting it alone", "Carrying it on one shoulder"],
          answer: 1,
        },
        {
          question: "Who gives the commands during a team lift?",
          options: ["Everyone at once", "The strongest person", "One agreed leader", "No one: just lift"],
          answer: 2,
        },
        {
          question: "How should you turn while carrying a load?",
          options: [
            "Twist at the waist",
            "Move your feet and turn your whole body",
            "Turn quickly to save time",
            "Lift the load higher first",
          ],
          answer: 1,
        },
      ],
    },
  },
  {
    slug: "site-safety",
    title: "Site Safety Orientation",
    description:
      "The rules every worker needs on day one: PPE, housekeeping, electrical and excavation hazards, and what to do in an emergency.",
    type: "site_safety",
    duration: 30,
    content: {
      sections: [
        {
          title: "Personal protective equipment",
          content:
            "The minimum PPE on this site is a hard hat, safety glasses, a high-visibility vest and safety-toe boots. Some tasks need more: check the JHA and the Safety Data Sheet before you start.",
          points: [
            "Safety glasses meet ANSI Z87.1; add a face shield for grinding and cutting.",
            "Wear hearing protection in high-noise areas; OSHA's action level for a hearing conservation program is an 85 dBA 8-hour average.",
            "Gloves are chosen for the hazard: cut-resistant, chemical-resistant or insulated.",
          ],
        },
        {
          title: "Housekeeping and walkways",
          content:
            "Most slips, trips and many fires start with a messy work area. Clean as you go, keep walkways and exits clear, and put scrap and waste in the right container.",
          points: [
            "Coil cords and hoses out of walkways, or route them overhead.",
            "Bend over or remove protruding nails from scrap lumber.",
            "Keep flammable waste away from hot work and in covered metal containers.",
          ],
        },
        {
          title: "Electrical safety",
          content:
            "Use ground-fault circuit interrupters (GFCIs) on all temporary power for tools (29 CFR 1926.404(b)(1)). Inspect cords and tools before each use and remove damaged ones from service. Stay at least 10 feet away from overhead power lines, more for higher voltages and for cranes.",
        },
        {
          title: "Trenches and excavations",
          content:
            "Never enter a trench 5 feet or deeper unless it has a protective system (sloping, shoring or a trench box) designed for the soil (1926.652(a)(1)). Trenches 4 feet or deeper need a ladder or other way out within 25 feet of lateral travel, and spoil piles must be kept at least 2 feet back from the edge.",
        },
        {
          title: "Emergencies and reporting",
          content:
            "Know where the nearest first aid kit, fire extinguisher and emergency muster point are. Report every injury, incident and near miss to your supervisor the same shift, and file it in SiteSafe. You have the right and the duty to stop work that is unsafe.",
        },
      ],
      quiz: [
        {
          question: "What is the minimum PPE on this site?",
          options: [
            "A hard hat only",
            "Hard hat, safety glasses, high-visibility vest and safety-toe boots",
            "Whatever the worker prefers",
            "Gloves and hearing protection",
          ],
          answer: 1,
        },
        {
          question: "At what depth does a trench need a protective system such as shoring or a trench box?",
          options: ["2 feet", "3 feet", "5 feet", "10 feet"],
          answer: 2,
        },
        {
          question: "What protects you from shock on temporary power for tools?",
          options: ["A longer extension cord", "A ground-fault circuit interrupter (GFCI)", "Rubber-soled boots alone", "Taping the plug"],
          answer: 1,
        },
        {
          question: "When should you report a near miss?",
          options: ["Never, nobody was hurt", "At the end of the project", "The same shift", "Only if a manager saw it"],
          answer: 2,
        },
      ],
    },
  },
  {
    slug: "spotter-safety",
    title: "Spotter Safety",
    description: "Guiding vehicles and heavy equipment safely: position, signals, communication and power lines.",
    type: "spotter_safety",
    duration: 20,
    content: {
      sections: [
        {
          title: "The spotter's job",
          content:
            "A spotter is the operator's eyes where the operator cannot see. Vehicles with an obstructed rear view may only back up when the reverse alarm is audible above the surrounding noise, or when an observer signals that it is safe (29 CFR 1926.601(b)(4)). When you spot, that is your only task: no phone, no other work.",
        },
        {
          title: "Positioning",
          content:
            "Stand where the operator can see you and where you can see the vehicle's path and the people around it. If you cannot see the operator's face in the mirror, the operator cannot see you.",
          points: [
            "Never stand behind a reversing vehicle or between the vehicle and a fixed object.",
            "Keep a safe distance from the swing radius of excavators and cranes.",
            "Wear high-visibility clothing; at night, use a light or lighted wand.",
          ],
        },
        {
          title: "Signals and communication",
          content:
            "Agree the hand signals or radio words with the operator before the move starts. Only one spotter gives signals to an operator at a time. The rule for the operator is simple: if you lose sight of the spotter, stop.",
          points: [
            "Stop: arm extended, palm facing the operator (emergency stop: both arms).",
            "Anyone on site may give a stop signal, and the operator must obey it.",
            "Use radios when distance, noise or darkness make hand signals unreliable.",
          ],
        },
        {
          title: "Power lines",
          content:
            "When a crane or other equipment could come within 20 feet of a power line up to 350 kV, a dedicated spotter must watch the clearance and warn the operator (1926.1407 and 1926.1408). Treat every overhead line as energized until the utility confirms otherwise.",
        },
      ],
      quiz: [
        {
          question: "What must an operator do if they lose sight of the spotter?",
          options: ["Continue slowly", "Sound the horn and continue", "Stop immediately", "Reverse to find the spotter"],
          answer: 2,
        },
        {
          question: "Where should a spotter never stand?",
          options: [
            "In the operator's line of sight",
            "Between a reversing vehicle and a fixed object",
            "To the side of the vehicle's path",
            "Where they can see the whole path",
          ],
          answer: 1,
        },
        {
          question: "Within what distance of a power line up to 350 kV is a dedicated spotter required for crane work?",
          options: ["5 feet", "10 feet", "20 feet", "50 feet"],
          answer: 2,
        },
      ],
    },
  },
  {
    slug: "fall-protection",
    title: "Fall Protection",
    description: "When fall protection is required, guardrails, personal fall arrest systems, holes and ladders.",
    type: "fall_protection",
    duration: 30,
    content: {
      sections: [
        {
          title: "When fall protection is required",
          content:
            "In construction, you must be protected from falling whenever you work on a walking or working surface with an unprotected side or edge 6 feet or more above a lower level (29 CFR 1926.501(b)(1)). Falls are the leading cause of death in construction.",
          points: [
            "The 6-foot rule applies to roofs, floor edges, holes, formwork and excavations.",
            "Scaffolds use a 10-foot threshold and ladders have their own rules.",
            "Work over dangerous equipment needs protection at any height.",
          ],
        },
        {
          title: "Guardrail systems",
          content:
            "Guardrails stop a fall before it happens and protect everyone, so they are the preferred control. The top rail must be 42 inches (plus or minus 3 inches) above the walking surface, with a midrail at about 21 inches, and the top rail must withstand a force of 200 pounds (1926.502(b)).",
          points: [
            "Check that rails are tight and not damaged before relying on them.",
            "Toeboards keep tools and materials from falling on people below.",
            "Never remove a guardrail without putting other fall protection in place.",
          ],
        },
        {
          title: "Personal fall arrest systems",
          content:
            "A personal fall arrest system is an anchorage, a connector (lanyard or self-retracting lifeline) and a full-body harness. Anchorages must support at least 5,000 pounds per worker attached, or be designed by a qualified person with a safety factor of at least two (1926.502(d)(15)). Body belts are not allowed for fall arrest.",
          points: [
            "Rig the system so you cannot free fall more than 6 feet or hit the level below.",
            "Inspect harness webbing, stitching, D-rings and lanyards before every use.",
            "Any equipment that has arrested a fall is removed from service.",
            "Have a rescue plan: suspension after a fall becomes dangerous within minutes.",
          ],
        },
        {
          title: "Holes and ladders",
          content:
            'Cover holes with covers that can support at least twice the weight of workers, equipment and materials that may be placed on them, secure them, and mark them "HOLE" or "COVER" (1926.502(i)). Portable ladders used to reach an upper level must extend at least 3 feet above the landing.',
        },
      ],
      quiz: [
        {
          question: "At what height does fall protection become required on a construction walking or working surface?",
          options: ["4 feet", "6 feet", "10 feet", "15 feet"],
          answer: 1,
        },
        {
          question: "How much must a personal fall arrest anchorage support per worker attached?",
          options: ["1,000 pounds", "2,500 pounds", "5,000 pounds", "10,000 pounds"],
          answer: 2,
        },
        {
          question: "How high must the top rail of a guardrail system be above the walking surface?",
          options: ["36 inches", "42 inches (plus or minus 3 inches)", "48 inches", "54 inches"],
          answer: 1,
        },
      ],
    },
  },
  {
    slug: "hazardous-materials",
    title: "Hazardous Materials",
    description: "Reading labels and Safety Data Sheets, storing and handling chemicals, respiratory protection and spill response.",
    type: "hazardous_materials",
    duration: 35,
    content: {
      sections: [
        {
          title: "Hazard communication",
          content:
            "You have the right to know about the chemicals you work with. Under OSHA's Hazard Communication Standard (29 CFR 1910.1200, applied to construction by 1926.59) every hazardous chemical on site must be labelled, have a Safety Data Sheet available to you during your shift, and be covered by training.",
        },
        {
          title: "Labels and pictograms",
          content:
            "Container labels follow the Globally Harmonized System (GHS). Read the label before you open the container, and never use a chemical from an unlabelled container.",
          points: [
            'Signal word: "Danger" for the more severe hazards, "Warning" for the less severe.',
            "Pictograms: red-bordered diamonds such as the flame, skull and crossbones, corrosion and health hazard.",
            "Hazard statements say what the chemical does; precautionary statements say how to protect yourself.",
            "If you pour a chemical into another container, label that container too.",
          ],
        },
        {
          title: "Safety Data Sheets",
          content:
            "A Safety Data Sheet (SDS) has 16 sections in a fixed order. Know where the site's SDS binder or app is before you need it.",
          points: [
            "Section 2: hazards identification.",
            "Section 4: first-aid measures.",
            "Section 7: handling and storage.",
            "Section 8: exposure controls and the PPE to wear.",
          ],
        },
        {
          title: "Storage and handling",
          content:
            "Store chemicals by compatibility, away from heat and ignition sources, with lids closed. Use approved safety cans for flammable liquids. No more than 25 gallons of flammable liquids may be kept in a room outside an approved storage cabinet (1926.152(b)(1)).",
          points: [
            "Keep oxidizers away from flammables and acids away from bases.",
            "Ventilate when using solvents, adhesives and coatings indoors.",
            "Where corrosives are used, an eyewash must be close enough for immediate use; flush eyes for at least 15 minutes.",
          ],
        },
        {
          title: "Dusts, fumes and respirators",
          content:
            "Cutting, grinding and drilling concrete, brick and stone releases respirable crystalline silica, which causes silicosis and lung cancer. Use wet methods or vacuum dust collection first; wear a respirator when the task requires it. A respirator only protects you if you are medically cleared, trained and fit-tested for that model (1910.134).",
        },
        {
          title: "Spills and exposures",
          content:
            "If a chemical spills: warn people nearby, leave the area if there are fumes, and tell your supervisor. Only trained people with the right PPE and spill kit clean up. If a chemical gets on your skin or in your eyes, flush with water right away and follow SDS Section 4; report every exposure.",
        },
      ],
      quiz: [
        {
          question: "Which SDS section tells you which PPE to wear?",
          options: ["Section 2", "Section 4", "Section 8", "Section 14"],
          answer: 2,
        },
        {
          question: "Which signal word marks the more severe hazards on a GHS label?",
          options: ["Caution", "Warning", "Danger", "Notice"],
          answer: 2,
        },
        {
          question: "You pour solvent into a smaller container. What must you do?",
          options: [
            "Nothing if you use it today",
            "Label the new container",
            "Leave the cap off so it ventilates",
            "Write your name on it",
          ],
          answer: 1,
        },
        {
          question: "What is the first choice for controlling silica dust when cutting concrete?",
          options: ["A paper dust mask", "Working faster", "Wet cutting or vacuum dust collection", "Cutting only outdoors"],
          answer: 2,
        },
      ],
      guidelines: [
        {
          category: "Hazard Communication",
          title: "Labels, Safety Data Sheets and training",
          oshaStandard: "29 CFR 1910.1200 / 1926.59",
          description:
            "Employers must keep a written hazard communication program, label every container of hazardous chemicals, keep Safety Data Sheets readily accessible during each work shift, and train workers before they work with the chemicals.",
          keyPoints: [
            "Every container is labelled with the product identifier, signal word, pictograms and hazard statements.",
            "SDSs are available on site for every hazardous chemical, during every shift.",
            "Workers are trained on the hazards and protective measures before first use.",
          ],
          resourceLink: "https://www.osha.gov/hazcom",
        },
        {
          category: "Respiratory Hazards",
          title: "Respirable crystalline silica",
          oshaStandard: "29 CFR 1926.1153",
          description:
            "The permissible exposure limit is 50 micrograms per cubic metre of air averaged over an 8-hour day. Table 1 of the standard lists tasks and the engineering controls and respirators that satisfy the rule.",
          keyPoints: [
            "Use water or vacuum dust collection on saws, grinders and drills.",
            "Dry sweeping and compressed air are not allowed for cleaning silica dust where they expose workers.",
            "A written exposure control plan names a competent person to enforce it.",
          ],
          resourceLink: "https://www.osha.gov/silica-crystalline",
        },
        {
          category: "Respiratory Hazards",
          title: "Respiratory protection program",
          oshaStandard: "29 CFR 1910.134 / 1926.103",
          description:
            "When respirators are required, the employer must run a program with respirator selection, medical evaluation, fit testing, training and maintenance.",
          keyPoints: [
            "Medical evaluation before fit testing and use.",
            "Fit test before first use and at least every year for tight-fitting respirators.",
            "Perform a user seal check every time you put the respirator on.",
          ],
          resourceLink: "https://www.osha.gov/respiratory-protection",
        },
        {
          category: "Storage",
          title: "Flammable liquids",
          oshaStandard: "29 CFR 1926.152",
          description:
            "Flammable liquids are kept in approved containers and portable tanks. Limited quantities may be kept in a room outside an approved storage cabinet; the rest goes in cabinets or a storage room.",
          keyPoints: [
            "No more than 25 gallons in a room outside an approved storage cabinet.",
            "Use approved safety cans for dispensing.",
            'Keep ignition sources and smoking away; post "No Smoking" signs.',
          ],
        },
      ],
    },
  },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto("training_modules")
    .values(
      seededTrainingModules.map((m) => ({
        slug: m.slug,
        title: m.title,
        description: m.description,
        type: m.type,
        duration: m.duration,
        content: JSON.stringify(m.content),
      })),
    )
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom("training_modules")
    .where(
      "slug",
      "in",
      seededTrainingModules.map((m) => m.slug),
    )
    .execute();
}
