import type { ManualChapter } from './types';

export const manualEn: ManualChapter[] = [
  {
    role: 'organiser',
    title: 'Organisers',
    summary: 'For the university or college administrators who run competitions in the back office, from creating a competition to issuing certificates.',
    sections: [
      {
        id: 'competition-list',
        title: 'The workbench and the competition list',
        where: 'Competitions › Competition list',
        shot: 'competition-list',
        body: [
          'After logging in to the back office you land on the workbench. Its to-do list shows sign-ups waiting for approval, review rounds closing within 48 hours, rounds whose results wait to be published, certificate batches that failed and so on; Open takes you straight to the page concerned. Running competitions sums up each competition\'s sign-ups, submitted works, net fees and review progress.',
          'The competition list shows every competition of your organisation and can be filtered by name, year and status. The status (draft, published, archived) decides whether the competition appears on the public site. The phase (not started, sign-up open, in progress, ended) follows from the sign-up window and the stages by itself; you never switch it by hand.',
          'Each row offers Edit, Details, Settings, Publish, Archive, Copy and Delete. Only drafts can be deleted: archive a published competition you no longer need, which takes it off the public competition list and makes it read-only. For next year\'s edition, Copy brings the events, stages and settings into a new draft; change the dates and publish it.',
        ],
      },
      {
        id: 'competition-create',
        title: 'Creating and publishing a competition',
        where: 'Competitions › Competition list › New competition',
        shot: 'competition-edit',
        body: [
          'A new competition is set up in a wizard: basic information, events, stages, sign-up, work submission and a final page. Save and continue saves each step, so you can leave at any point and carry on later with Edit in the competition list.',
          'Events (some sites call them proposition categories) are what participants sign up for; each has its own number of places and entry fee, and a fee of 0 means free. Stages, such as preliminary, semi-final and final, need only a name and dates. The sign-up settings hold the sign-up window (from 00:00 on the first day to 24:00 on the last), who may take part (individuals, teams or either), the smallest and largest team, the most advisers, places per school and the details every participant must give. The work-submission settings hold the submission window and, for each event, the allowed file types, the largest file size and the most files.',
          'Before publishing, the platform checks three things: at least one event, a sign-up window and a work-submission window. If any is missing, publishing is refused with the list of what is still needed ("Before publishing, add: ..."); add it and publish again. Once published, the competition appears on the public site and opens for sign-up within its window.',
          'To change a published competition, use Settings in the competition list: schedule, sign-up, work submission and review settings each have their own page.',
        ],
        steps: [
          'In the competition list, click New competition and fill in the name, level, year, summary, introduction and guide.',
          'Add at least one event with its places and entry fee (yuan).',
          'Add stages if you need them, such as preliminary, semi-final and final.',
          'Set the sign-up window, who may take part, team sizes and places per school, and tick the details participants must give.',
          'Set the work-submission window and, for each event, the file types, size limit and number of files.',
          'On the final page, click Publish now; or Keep as draft and publish later from the list.',
        ],
      },
      {
        id: 'signup-management',
        title: 'Approving sign-ups, teams and exports',
        where: 'Sign-ups',
        shot: 'signups',
        body: [
          'The sign-ups page lists individual and team sign-ups together. Filter by competition, event, school, sign-up status, payment status or work status, or search by team name, school, member name or account. The Complete column tells you whether the team has enough members and whether every member has given the required details; an incomplete sign-up cannot be approved.',
          'Details shows the sign-up number, team name, captain and members with their details, advisers and entry fee. Identity numbers are partly hidden; Show reveals the full number, and doing so is written to the operation log.',
          'Rejecting a sign-up needs a reason: the members receive it in a site message, and the places and members are freed at once. A paid sign-up that is rejected is refunded in full to where the money came from. If the competition rules say the fee is kept, tick the option to keep the fee and give the reason.',
          'Submitted works are viewed and downloaded under Works › Work list. After choosing a competition there you can also publish its works, which shows the submitted works on the public site.',
        ],
        steps: [
          'Choose the competition and set the sign-up status to Pending.',
          'Open Details and check the members\' details, the team size and the payment status.',
          'Click Approve if all is in order; otherwise click Reject and give the reason.',
          'To keep or report the list, click Export list to save the filtered sign-ups as an Excel file.',
        ],
      },
      {
        id: 'expert-library',
        title: 'Expert library, recruitment and login slips',
        where: 'Experts › Expert library',
        body: [
          'The expert library holds your organisation\'s reviewers: name, mobile number, title, unit, subjects and keywords. Subjects and keywords are used to match experts to works during automatic assignment. Add experts one at a time with Add expert, or download the template and Import a spreadsheet (.xlsx); if any row has an error, nothing is imported and the page lists the rows and reasons. The mobile number links the account and cannot be changed afterwards.',
          'When the platform creates accounts for new experts, it shows their login slips: account, one-time password and a QR code for the login page. The one-time passwords are shown only this once, so print or hand them out straight away. Each expert sets their own password at first login.',
          'To recruit experts publicly, open a call under Expert recruitment with a title, description and closing date, and share the public application link. Applicants fill in a form and upload a CV; approve or reject them under Applications, and approved applicants join the library. A subordinate organisation can recommend an expert to its parent, which accepts or declines under Expert recommendations.',
          'If you need extra judges for an on-site review, create accounts in bulk for a competition under Temporary experts. They stop working when the competition\'s last stage ends.',
        ],
      },
      {
        id: 'expert-management',
        title: 'Expert management: pausing, handing on and messages',
        where: 'Experts › Expert management',
        body: [
          'Expert management shows each expert\'s work in every round: works scored and assigned, works still to score, declined and returned sheets, mean time taken, conflicts declared, and how their scoring compares with others in the group (in line, higher or lower). Tick Only experts out of line to find those whose marks stand apart.',
          'When an expert cannot carry on for a while, click Pause: no new works are assigned to them, but works they have begun stay theirs. Hand on gives the works they have not begun to others in their group by the assignment rules, and the result lists what was handed on and what could not be, with reasons. Click Resume when they are back.',
          'Tick several experts and click Message to send them a site message, for instance a deadline reminder or on-site arrangements. Experts without an account cannot receive site messages; the page tells you how many. Disabling an expert in the expert library keeps them out of every new assignment.',
        ],
      },
      {
        id: 'review-rounds',
        title: 'Review rounds and expert groups',
        where: 'Review › Competition review',
        shot: 'review-rounds',
        body: [
          'A competition may have several review rounds, for example an online first round and an on-site final. To add a round, choose the competition and fill in the name, stage, events reviewed, type (online or on-site), review window and experts per work. Tick blind review if experts should not see members, schools, advisers or original file names; tick comment required or exclude the expert\'s own organisation as needed.',
          'Score columns each have a name, maximum, step, weight and rubric, and the weights must add up to 100%. Once the round is opened, its columns and blindness can no longer change, so check them first.',
          'Load works brings in every submitted work of the chosen events from sign-up; from the second round on, only works promoted in the previous round are loaded. Under Expert groups, each group has its experts, a captain and the events it covers, or use Split evenly by event to make the groups in one go. The captain checks the group\'s sheets, returns any that need correcting and confirms the group\'s results.',
        ],
        steps: [
          'Click Add round, choose the competition and fill in the settings and score columns.',
          'Click Load works in the round\'s actions.',
          'Under Expert groups, make the groups and name a captain for each.',
          'Assign the works under Review assignment (see the next section).',
          'Click Open: experts now see their works in My reviews. When the window ends, click Close.',
        ],
      },
      {
        id: 'review-assignment',
        title: 'Automatic assignment, conflicts and manual changes',
        where: 'Review › Review assignment',
        shot: 'distribution',
        body: [
          'Choose the competition and round, then click Assign automatically. Within each review group, every work gets the required number of experts: conflicts of interest are avoided, the load is spread evenly and experts\' subjects and keywords are matched to the works where possible. Manual (locked) assignments and sheets already begun are kept.',
          'An expert is kept away from a work when they are one of its members, when their mobile number or email matches a member\'s, when they come from the same school as the work, or when they have declared a conflict with its school, a member or the work itself. If the round excludes the expert\'s own organisation, works from their unit are avoided too. If some work cannot get enough experts in its group, nothing is written and the page lists those works: add experts to the group or change the groups, then assign again.',
          'Expert loads shows how many works each expert has and the gap between the most and the fewest. In the works list, click an expert\'s tag to swap, remove or lock them, or use Add expert on a work; the candidate list says why an expert may not judge that work. When an expert declines a work, choose Decline and give the reason: the platform hands the work to the best remaining expert of the group, or tells you why nobody can take it.',
          'While the round is open, Review › Review statistics shows progress by group and by expert. Remind lagging experts sends a site message to everyone with sheets outstanding, and the raw scores can be exported to Excel.',
        ],
      },
      {
        id: 'review-results',
        title: 'Final scores, calibration, awards and appeals',
        where: 'Review › Review results',
        shot: 'results',
        body: [
          'When the review is over, choose a method under Round scores (mean, trimmed mean, median or calibrated mean) and click Compute. Each calculation is kept as a version, so you can see how ranks moved since the previous one. Works whose marks differ by more than the dispute threshold are flagged; Add an arbiter assigns one more expert, and you compute again once their sheet is in.',
          'Calibration compares each expert\'s mean and spread with the whole round. On the works they share with other experts, an expert whose marks are on average higher or lower than the others\' by more than the round\'s standard deviation is flagged as out of line. With the calibrated mean, experts who scored few works are drawn towards the round as a whole, which softens the effect of a lenient or harsh marker.',
          'Awards are decided per event: each level by a count, a percentage or a score band, best first; tied works share a level or are ranked by the rules. You can start from a preset saved under Results and awards › Rewards. Check the preview, click Confirm awards (they cannot change afterwards), set the appeal window in days and click Publish results. Participants are then told, the public page shows the ranking and certificates can be issued to the winners. If a captain has not confirmed or sheets are missing, you must give a reason to publish anyway.',
          'During the appeal window, participants may appeal from their personal centre. Appeals appear under Appeals, where you reject them with a reply or send the work for re-review. For several rounds, Final score weights the rounds together; to promote works to the next round, confirm the list under Review › Elimination. Published awards are gathered under Results and awards › Award list, and the details can be exported to Excel.',
        ],
      },
      {
        id: 'on-site-review',
        title: 'On-site presentations: rooms, draw, check-in and calls',
        where: 'Review › On-site review',
        body: [
          'A round of the on-site type is prepared in four tabs: Venue and rooms, Order of appearance, Check-in and Calls. Fill in the venue and the rolling notice for the screens, then add rooms: a name, the review group scoring there, the start time and minutes per team. You can also have calls announced in Chinese and English, and show a team\'s on-site score on the screen once every expert has submitted.',
          'The order of appearance comes from a random draw, from sign-up order or is set by hand. A random draw may take a seed, so that anyone with the seed and the list of works can reproduce it. When the order is decided, click Publish to participants: every team gets a site message and sees its number, time slot and check-in QR code in the personal centre.',
          'When a team arrives, scan its check-in QR code or type its number (for example A012). In the Calls tab, work room by room: Call next, Call again, Start, End, Skip and Absent. A team marked absent goes to the end of the queue when it checks in.',
          'The venue screen is a separate web page. Open the queue screen in the browser of the big screen and it shows a 6-character pairing code. Under Queue call, click Pair a new screen and enter the code, a name for the screen, the rooms to show and the layout. The paired screen shows the current and waiting teams live and speaks each number aloud. Revoke a screen you no longer use and it loses access at once.',
        ],
        steps: [
          'Under Venue and rooms, add the rooms and save.',
          'Under Order of appearance, decide the order, check it and click Publish to participants.',
          'Open the queue screen on the big screen and pair it under Queue call with the code it shows.',
          'As teams arrive, check them in by QR code or number.',
          'Under Calls, click Call next, then Start and End as each presentation begins and finishes.',
        ],
      },
      {
        id: 'certificates',
        title: 'Certificates: templates, batches, numbering, issuing and checking',
        where: 'Certificates › Certificate list',
        shot: 'certificates',
        body: [
          'Start with a template and a seal. Under Certificate templates, click New from category, choose a category and adjust the design in the designer; under Certificate settings, upload the organisation\'s seal (a square PNG with a transparent background works best). The template sets the numbering scheme: a random code, random digits, or a sequence per competition or per event (3 or 4 digits), with an optional prefix and suffix. Sequences have no gaps or repeats, and issuing is refused, with the reason, if a batch would run past their capacity.',
          'Under Certificate list, click New batch: choose the template, fill in the competition, the event (optional) and the issuing organisation, and pick another numbering scheme if needed. Then add the winners: from published results by award level, from sign-ups (one per team or one per member), by importing a spreadsheet, or one at a time. Winners given an account find their certificate in that account\'s personal centre.',
          'Certificate check previews the batch using the winners with the longest text, and marks in red anything that overflows its text box; correct the template or the list, then click Issue. The list is then locked and the certificates are rendered in the background. Certificate sending shows the progress and lets you Retry failed ones; when all are done, click Send and the winners can download them from their personal centre. You can also download the whole batch as a ZIP.',
          'Every certificate carries a QR code that opens the public certificate check page, showing whether it is valid, with the holder (partly hidden), competition, award, number and issuing organisation. Under Certificate trace, find certificates by holder, account or number. If a certificate is wrong, Revoke it (a reason is required, and the check page then shows it as revoked) and Reissue one with the corrected details and a new check code.',
        ],
        steps: [
          'Design a template under Certificate templates and upload the seal under Certificate settings.',
          'Under Certificate list, create a batch and add its winners.',
          'Under Certificate check, review the preview and click Issue.',
          'Under Certificate sending, wait for rendering to finish and click Send.',
        ],
      },
      {
        id: 'data-centre',
        title: 'Data centre: cloud statistics, data preview and reports',
        where: 'Data centre › Cloud statistics',
        shot: 'data-centre',
        body: [
          'Cloud statistics shows, for one competition or for all of them (subordinate organisations included), the total sign-ups, today\'s sign-ups, those awaiting approval, submitted works, fees paid and fees refunded, with figures by day, event, school, college, major, year of study and province. Each figure switches between chart and table and can be exported. Only sign-ups that were not rejected or withdrawn are counted; payments and refunds count on the day the money moved, by Beijing time.',
          'Click a bar or a row of a figure to open Data preview with the sign-ups behind it, one per row: sign-up number, date, approval status, payment and whether a work was submitted. Names and contact details are left out, so the list is safe to share for checking.',
          'Reports makes a PDF for a competition: a cover, key figures, charts of sign-ups, works, fees and awards, and the award list by school. Choose the competition and the report language and click Make report; the report is made in the background, and you preview or download it from the list when it is done.',
        ],
      },
      {
        id: 'school-summaries',
        title: 'School summaries: requirements, hand-ins and review',
        where: 'Summaries › Summary settings',
        body: [
          'After a competition you can ask subordinate organisations (colleges, schools or member institutions) for a summary. In Summary settings, create a requirement: a title and instructions, a deadline and the organisations asked; link a competition if you like, and attach a PDF or Word template for them to download. A requirement someone has answered cannot be deleted, and an organisation that has handed in cannot be taken off the list.',
          'Accounts with the school contact role in those organisations see what their organisation must hand in under Summaries › Submissions, download the template and upload a PDF before the deadline (only files whose content really is PDF, at most 20 MB). Until it is accepted they may upload again to replace it; after the deadline only a returned summary can be handed in again.',
          'Submission records lists each organisation: to review, missing, returned or accepted, with late hand-ins marked. Click Preview to read the PDF in the page, then accept or return it; returning needs a reason, which reaches them as a site message. Remind sends a site message to the contacts of every organisation that has not handed in or was returned. School summaries gathers every hand-in, searchable by organisation or title.',
        ],
        steps: [
          'Open Summaries › Summary settings, click New requirement, fill in the title and deadline, choose the organisations and save.',
          'When needed, click Remind in Submission records.',
          'When an organisation has handed in, preview its PDF in Submission records and click Accept, or Return with a reason.',
        ],
      },
      {
        id: 'website-banners',
        title: 'Website settings and homepage banners',
        where: 'System › Website banners',
        shot: 'website-banners',
        body: [
          'Every organisation has its own public site. Under Website settings, choose the homepage template (Classic, Portal or Showcase), write the site description shown in the homepage banner and arrange the navigation. Navigation links must be paths of the site starting with a single / (such as /home/news) or http(s) addresses. Preview site shows the result; the site\'s domains are set under Organisations.',
          'The homepage carousel is managed under System › Website banners, with up to 10 banners. Upload a PNG, JPEG, GIF or WebP image of at least 1200×320 pixels; it is cut to 15:4 around its centre and scaled down to at most 2400×640, so keep what matters in the middle of the picture.',
          'Each banner may have a caption and a link. The link must be a path of the site starting with /home/ (a competition\'s page, for example) or an https address; leave it empty for a banner that does not link anywhere. Saving, deleting and reordering show on the homepage straight away.',
        ],
        steps: [
          'Open System › Website banners and click Add banner.',
          'Click or drag an image to upload it, and wait while it is cut to shape.',
          'Add a caption and a link (a /home/ path or an https address) and save.',
          'Use Move up and Move down to set the order, then check the homepage.',
        ],
      },
      {
        id: 'organisations',
        title: 'Organisations and their users',
        where: 'Organisations › Organisation list',
        shot: 'organisations',
        body: [
          'The organisation list shows your organisation and those under it as a tree, such as a university and its colleges. Each has a code, name, English name, kind (university, college, school, company or other), site domains, administrators and number of users. Add subordinate creates an organisation below; the English name is shown on the English version of the public site, or the Chinese name if it is left empty.',
          'Under Organisations › Organisation users, pick an organisation to see and manage its users: add accounts, assign roles, reset passwords or import users from a template. Students usually register on the public site and choose their organisation themselves; you create back-office accounts, such as administrators and finance staff, here and give them their roles.',
          'Disabling an organisation logs out every user of it and of the organisations under it at once, and they cannot log in or register until it is enabled again, so be sure before you do it. Your own organisation cannot be disabled. Once it is enabled again, its users log in as usual.',
        ],
      },
    ],
  },
  {
    role: 'participant',
    title: 'Students and advisers',
    summary: 'For students and their advisers taking part through the public site: registering, signing up, teams, fees, works, awards and certificates.',
    sections: [
      {
        id: 'register-and-login',
        title: 'Registering and logging in',
        body: [
          'Click Login on the public site, then Register. Enter your mobile number, click Get code and type in the code sent to your phone. Then choose an account name, enter your real name and a password (8 to 64 characters with both letters and digits), and choose your organisation (school or college). If you register on a particular university\'s competition site, the page says which one and the account belongs to it.',
          'New accounts are student accounts and can sign up straight away. You can log in with your account and password, or with a code sent to your phone. If you forget your password, use Forgot password: a code is sent to your registered phone and you set a new password, after which every device has to log in again.',
          'If your account belongs to several organisations, a Choose organisation page appears after logging in; pick the one you want to work in. Advisers are named by the person signing up, with their mobile number and email.',
        ],
        steps: [
          'On the login page, click Register.',
          'Enter your mobile number, click Get code and type in the code.',
          'Fill in the account, your name and a password, and choose your organisation.',
          'Click Register, then log in.',
        ],
      },
      {
        id: 'public-site',
        title: 'Browsing competitions on the public site',
        shot: 'home',
        body: [
          'The homepage banner shows the latest competition and its sign-up dates, followed by popular competitions, the latest news and competition guides. Browse all competitions, or Competitions in the navigation, opens the competition list.',
          'The list can be filtered by phase (opening soon, sign-up open, in progress, ended) or searched by name and summary. Each card shows the level, the number of events and the sign-up window.',
          'The news pages carry announcements, past works and guides for taking part; it is worth reading those for your competition before signing up.',
        ],
      },
      {
        id: 'competition-signup',
        title: 'Competition details and signing up',
        shot: 'competition-detail',
        body: [
          'A competition\'s page has tabs for the introduction, guide, events, schedule, winners and votes. The Events tab shows each event\'s places, entry fee, who may take part (individuals, teams or either), team size and the most advisers allowed. Sign up works only within the sign-up window; at other times the button says sign-up is not open.',
          'When signing up, choose the event (the places left are shown) and whether you enter alone or as a team. A team needs a name, and whoever signs up becomes its captain. The details the competition asks for (name, student number, school and so on) are filled in from last time; check and complete them, then add advisers if needed. If you have captained a team before, Reuse a previous team brings its name, advisers and members along.',
          'After signing up, the captain opens the sign-up details and clicks Invite members, then sends the link or QR code to teammates. They log in, fill in the details the competition asks for and click Join the team. The team must stay between the smallest and largest size, and every member\'s details must be complete before the organiser can approve it.',
          'Until the sign-up is approved, the captain can remove members, make someone else captain or dissolve the team (which withdraws the sign-up), and members can leave. Once approved, the team is fixed: contact the organiser if you need to pull out or make changes.',
        ],
        steps: [
          'On the competition\'s page, click Sign up; you are asked to log in first if needed.',
          'Choose the event and how you enter; for a team, give the team a name.',
          'Check your details, add advisers and click Sign up.',
          'For a team, open the sign-up details, click Invite members and send the link or QR code to your teammates.',
          'If there is a fee, pay it as described in the next section, then wait for the organiser\'s approval.',
        ],
      },
      {
        id: 'entry-fee',
        title: 'Paying the entry fee, and refunds',
        where: 'Personal centre › My competitions',
        body: [
          'For an event with a fee, click Pay in My competitions or in the sign-up details, and choose Alipay in this browser or scanning a QR code with Alipay on your phone. When payment is complete, the page says so and the sign-up is marked paid. In a team only the captain pays; members pay nothing. A work can be submitted only once the fee is paid.',
          'If the page says it is confirming your payment, Alipay has not reported the result yet: if you have paid, refresh in a moment and do not pay again. An unfinished order can be paid later from My competitions; an order not paid in time closes by itself without charging you, and you simply pay again. If you paid offline, for example by bank transfer, the page shows that the payment is being confirmed until finance staff approve it.',
          'Once paid, Download receipt gives you a PDF receipt with the organisation\'s seal, which you can use for reimbursement.',
          'If your sign-up is rejected, or you withdraw it (or dissolve your team) before it is approved, the fee goes back in full to your Alipay account. If the organiser keeps the fee under the competition rules, a site message tells you why. After a refund the sign-up shows as refunded, and you have to pay again to take part.',
        ],
      },
      {
        id: 'submit-work',
        title: 'Submitting a work',
        where: 'Personal centre › My works',
        body: [
          'Works can be submitted only within the competition\'s work-submission window, and only once the entry fee is paid; a rejected or withdrawn sign-up cannot submit. For team entries, the work is submitted for the team as a whole.',
          'First enter the work\'s title and summary and save them, then upload the files. The page shows the event\'s rules, for example "Allowed types: pdf; each file up to 20 MB; at most 3 files". A file of the wrong type, too large or one too many is refused with the reason; convert or compress it and try again.',
          'Submit work sends the work to review. To change it while the window is open, click Withdraw work, make your changes and submit again; a work withdrawn and not resubmitted is not reviewed. After the window closes, the work can only be viewed. Copy share link lets anyone with the link view the work, read-only.',
        ],
        steps: [
          'Find the sign-up in My competitions or My works and open its work.',
          'Enter the title and summary and click Save.',
          'Upload the files, keeping to the types, size and number shown on the page.',
          'Check everything and click Submit work.',
        ],
      },
      {
        id: 'personal-centre',
        title: 'The personal centre',
        where: 'Personal centre › My competitions',
        shot: 'my-competitions',
        body: [
          'Once logged in, open the personal centre from the public site. At the top of My competitions, My next steps lists what each sign-up needs next: paying the fee, submitting the work, checking in on site or viewing results. Below it are all your sign-ups with their approval and payment status. My teams and My works list your teams and works.',
          'My on-site reviews shows, once published, your number, room, time slot and check-in QR code; show the code or give your number to the staff when you arrive. My awards lists your published results, and during the appeal window you can click Appeal and give your reasons. Certificates that have been sent are under New awards, where you preview them and download the PDF.',
          'Study records lists the competitions you entered, the works you submitted and the certificates you received, newest first. Messages and settings holds notices about approvals, payments and new team members, and lets you switch the interface language. Under My account you change your details, mobile number and password, keep the participant details used when you sign up, and add a bank card if prize money is to be paid to you.',
        ],
      },
      {
        id: 'certificate-check',
        title: 'Checking that a certificate is genuine',
        body: [
          'Every electronic certificate carries a QR code. Scanning it with a phone opens the certificate check page, which says whether it is a valid certificate, a revoked one, or no such certificate. A valid certificate shows the holder (the name partly hidden for privacy), competition, event, award, certificate number, issuing organisation and date of issue; check that they match the certificate.',
          'If you cannot scan the code, open the certificate check page, enter the check code (what follows token= in the QR code\'s link) and click Check. In Personal centre › New awards, each certificate also has a Check button.',
          'A revoked certificate shows when and why it was revoked. If the details on your certificate are wrong, ask the issuing organisation to reissue it.',
        ],
      },
    ],
  },
  {
    role: 'expert',
    title: 'Experts',
    summary: 'For experts invited to review works online or on site: first login, conflicts of interest, scoring, the captain\'s work and on-site scoring.',
    sections: [
      {
        id: 'expert-first-login',
        title: 'First login and setting your password',
        body: [
          'When the organiser creates your account, they give you an expert login slip with your account, a one-time password, a QR code for the login page and the date it is valid until. Scan the code or open the login page, choose Password and enter the account and the one-time password.',
          'The one-time password works only once. After logging in you are asked to set a new password of 8 to 64 characters with both letters and digits. From then on you log in with it, and the one-time password stops working. If the slip has expired before you used it, ask the organiser for a new one.',
          'Experts who joined through a public call can also log in with a code sent to the mobile number they applied with. Temporary expert accounts stop working when the competition\'s last stage ends. After logging in, the workbench shows My review rounds, with the works assigned, sheets submitted and the deadline of each round.',
        ],
        steps: [
          'Scan the QR code on the slip, or open the login page.',
          'Enter the account and the one-time password and click Login.',
          'Enter your new password twice and click Set and log in.',
        ],
      },
      {
        id: 'expert-conflicts',
        title: 'Declaring conflicts of interest',
        where: 'Review › Conflicts of interest',
        body: [
          'Declare here whatever you must not judge, and every assignment will avoid it. A conflict can be a school, a person (give their login account) or a work number, each with a reason.',
          'Some conflicts are avoided without a declaration: works you are a member of, works whose members share your mobile number or email, and works from your own school. Add anything else before the review starts, such as students you have supervised or partner institutions, so that automatic assignment keeps you away from them.',
          'If you find a conflict only after a work has been assigned to you, do not score it; tell the organiser as described below.',
        ],
        steps: [
          'Open Review › Conflicts of interest.',
          'Click Add conflict and choose the kind.',
          'Choose the school, or enter the person\'s account or the work number, give the reason and save.',
        ],
      },
      {
        id: 'my-reviews',
        title: 'My reviews: scoring, drafts and submitting',
        where: 'Review › My reviews',
        shot: 'my-reviews',
        body: [
          'Works to score lists the works assigned to you, with filters for round, status (not started, draft, submitted, returned) and title, and each round\'s deadline. Score opens the scoring page, with the work\'s files (view them in the page, open them in a new window or download them) and the score sheet. In a blind review, authors, schools and advisers are not shown.',
          'Each column of the sheet shows its maximum, step, weight and rubric, and the weighted total (out of 100) appears once every column is scored. If the round requires a comment, you cannot submit without one. Your draft is saved automatically as you go (the page shows when it was last saved), so you can leave and come back later.',
          'Submit scores locks the sheet. If a captain or the organiser returns it, the work shows as returned and the scoring page gives the reason: correct it and click Submit again. When the round is not open, or the work is no longer assigned to you, the page is read-only.',
        ],
        steps: [
          'In Works to score, click Score on a work.',
          'Read the files and score every column.',
          'Write your comment and check the weighted total.',
          'Click Submit scores and confirm; if the sheet is returned, correct it and click Submit again.',
        ],
      },
      {
        id: 'expert-captain',
        title: 'Captains: checking, returning and confirming the group',
        where: 'Review › My reviews › Captain view',
        body: [
          'An expert named captain of a group has an extra Captain view tab in My reviews. Choose the round in which you captain a group to see each work, each expert\'s total and how many sheets are in.',
          'If a sheet has an obvious mistake or the comment falls short, click Return on it and give the reason. The expert is notified, corrects it and submits again.',
          'When every sheet of the group is in, click Confirm the group and the results go to the organiser. You cannot confirm while sheets are missing.',
        ],
      },
      {
        id: 'expert-decline',
        title: 'When you cannot review a work',
        body: [
          'If a work assigned to you involves someone you are connected with (a student you have supervised, for example), or you cannot judge it for another reason, do not score it. Tell the organiser as soon as possible which work it is and why.',
          'The organiser records that you decline it, and the platform hands the work to the best remaining expert of your group, so you no longer need to score it. If you should avoid the same person or school in future, add a conflict declaration as well.',
          'If you cannot review at all for a while, the organiser can pause your assignments and hand the works you have not begun to others in your group. Works you have already begun scoring stay with you.',
        ],
      },
      {
        id: 'expert-on-site',
        title: 'Scoring on site',
        body: [
          'In an on-site round, your review group sits in one room. Teams are called in the published order and present one after another, and the teams of your room appear in your My reviews.',
          'Scoring works as in an online review: open the work\'s scoring page, score as you listen, write your comment and click Submit scores when the presentation ends. Submit before the next team starts so that nothing piles up.',
          'If the organiser shows on-site scores, a team\'s score appears on the venue screen once every expert in the room has submitted. If you notice a mistake after submitting, ask the captain or the organiser to return your sheet.',
        ],
      },
    ],
  },
  {
    role: 'finance',
    title: 'Finance staff',
    summary: 'For the finance staff who handle entry fees: orders and payment states, Alipay notifications, reconciliation, refunds and receipts.',
    sections: [
      {
        id: 'orders',
        title: 'Orders and payment states',
        where: 'Finance › Orders',
        shot: 'orders',
        body: [
          'Every payment a participant starts creates an order. Filter orders by competition, event, status and date, or search by order number, Alipay trade number, payer or account. The totals above the list give the amount ordered, received, refunded and net for the filtered orders, with online (Alipay) and offline money shown apart; Income sums up what was received by day or by competition. Export to Excel saves the filtered list.',
          'An order is unpaid, paid, closed, refunding, refunded or partly refunded. Unpaid orders close by themselves when their time runs out (not paid in time); when a payer starts paying again, the old order closes as replaced by a new order. If you must close one by hand, click Close, which closes the trade at Alipay as well.',
          'An order\'s details show how it was paid, the Alipay account, the payer and school, the payment deadline, its refunds and every notification received from Alipay.',
        ],
      },
      {
        id: 'alipay-notifications',
        title: 'Alipay notifications and queries',
        where: 'Finance › Orders › Details',
        body: [
          'After a payment, Alipay sends the platform a notification. The order is marked paid only once the signature is verified and the details match, and a payment is applied only once. When a notification is slow to arrive, the platform also queries Alipay for the trade.',
          'Under Alipay notifications and queries in the order\'s details, each notification or query shows its source, time received, address and outcome. Common outcomes are applied, duplicate, no change needed, bad signature, wrong app id, wrong seller, unknown order, amount differs and refund notice. Repeated notifications are shown once with a count and the time of the last one, and the raw message can be opened.',
          'An outcome such as bad signature or amount differs means the notification was not applied. Compare the order amount with the record in the Alipay merchant portal, and ask the platform administrator to check the payment settings if needed.',
        ],
      },
      {
        id: 'reconciliation',
        title: 'Reconciling with the Alipay bill',
        where: 'Finance › Finance actions › Alipay reconciliation',
        body: [
          'Every morning the platform fetches the previous day\'s Alipay bill, compares it with its orders one by one and tells finance staff about any differences. You can also Import a bill downloaded from the Alipay merchant portal (.csv.zip or .csv), or choose a day and Fetch from Alipay.',
          'Each line ends up as matched, amount differs, only at Alipay, only here, or belonging to another organisation that shares the merchant account (its own finance staff reconcile those). If a day is reconciled more than once, the latest run counts. Tick the option to see only reconciliations with open differences to work through the problems.',
          'Only at Alipay usually means a notification was missed. Click Query and apply: the platform asks Alipay about the order and, once payment is confirmed, applies it as if the notification had arrived. Check other differences one by one against the order details and Alipay\'s records.',
        ],
        steps: [
          'Open Alipay reconciliation under Finance actions.',
          'Import a bill file, or choose the bill date and click Fetch from Alipay.',
          'Open the result and filter for open differences.',
          'Click Query and apply on missed payments, and check the other differences one by one.',
        ],
      },
      {
        id: 'refunds',
        title: 'Refunds and refund approval',
        where: 'Finance › Finance list',
        body: [
          'When a paid sign-up is rejected, or withdrawn by the participant before approval, the fee is refunded in full automatically; you need do nothing. For any other refund, find the order under Orders, click Refund and enter the amount (no more than what is left to refund, at most two decimal places) and the reason. The money goes back to the payer\'s Alipay account.',
          'A refund above the approval amount goes back only after another member of finance staff, not the one who asked for it, approves it. The approval amount is set under Finance actions › Finance settings; it is 500 yuan by default, and 0 means every refund needs approval.',
          'The finance list shows every refund: refund number, order number, amount, reason, status (awaiting approval, in progress, refunded, failed, rejected), who asked and who decided. Approve or reject waiting refunds here. Refunds that fail to go through are retried automatically, and you can see the number of attempts and the last error; the workbench\'s to-do list also shows refunds waiting for approval and refunds that failed.',
        ],
      },
      {
        id: 'offline-payments',
        title: 'Recording offline payments',
        where: 'Finance › Finance actions › Offline payments',
        body: [
          'When a participant pays by bank transfer or in person, finance staff record it. Click Record an offline payment, find the unpaid sign-up by payer name, account or sign-up number, describe how it was paid (a bank reference, for example) and upload the proof of payment (a PNG or JPEG image or a PDF, up to 10 MB).',
          'Another member of finance staff must then approve the record. Once approved, the sign-up is marked paid and any unfinished Alipay order for it is closed; a rejection needs a reason. Meanwhile the participant sees that the payment is being confirmed and is not asked to pay again.',
        ],
      },
      {
        id: 'receipts',
        title: 'Electronic receipts',
        body: [
          'Every paid order can have an electronic receipt: a PDF with the organisation\'s seal, suitable for reimbursement. The receipt number is given the first time it is produced, and every later download, by whoever, is the same receipt with the same number.',
          'Payers download it themselves with Download receipt on their sign-up in the personal centre. Finance staff find the same Download receipt in the order\'s details, for instance to send a copy to a participant who has lost theirs.',
        ],
      },
    ],
  },
  {
    role: 'platform',
    title: 'Platform operators',
    summary: 'For the operators (ROOT) of the whole platform: trial applications, opening organisations, the organisation tree, roles and menus, the operation log and background jobs.',
    sections: [
      {
        id: 'trial-applications',
        title: 'Trial applications and opening an organisation',
        where: 'Organisations › Trial applications',
        shot: 'trial-applications',
        body: [
          'Universities apply on the public Apply for a trial page (/experience) with the university\'s name, a contact person, a mobile number (confirmed with a code), student numbers and their needs. The application appears in the list as New. Filter by state, or search by university, contact or mobile number.',
          'After each contact, click Follow up to add a note, and change the state to following up or closed at the same time if you wish. Notes are kept in order, so colleagues can pick up where you left off.',
          'When you are ready, click Open organisation and fill in the organisation and its first administrator. The page then shows the administrator\'s account, a one-time password and the login address. The password is shown only this once, so pass it to the applicant straight away; they set a new one at first login. The application becomes Opened.',
        ],
        steps: [
          'Find the application in the list and click Follow up to record each conversation.',
          'When the organisation is to be opened, click Open organisation.',
          'Fill in the organisation\'s code, name and kind and its first administrator, and submit.',
          'Give the applicant the account, the one-time password and the login address.',
        ],
      },
      {
        id: 'platform-organisations',
        title: 'The organisation tree of the whole platform',
        where: 'Organisations › Organisation list',
        body: [
          'Platform operators see the organisation tree of the whole platform, not just one university. You can add top-level or subordinate organisations, edit them, move them under another parent, disable, enable and delete them.',
          'Site domains decide which organisation\'s public site opens at which address: type a domain and press Enter to add it, up to 20 per organisation. An organisation without a domain can be reached with the ?groupId= parameter.',
          'Disabling an organisation logs out every user of it and of the organisations under it at once, and they cannot log in or register until it is enabled again. Check with the organisation before using this, for example at the end of a trial.',
        ],
      },
      {
        id: 'roles-and-menus',
        title: 'Users, roles and menus',
        where: 'System › Roles',
        body: [
          'A role decides what an account may do and which menus it sees. Under Roles, edit a role\'s permissions and visible menus. Built-in roles, such as organisation administrator, expert, adviser, student and finance, cannot be deleted and their keys cannot change.',
          'Under Menus, the back-office menu is kept as a tree: name, English name, type, route, icon, order and whether it is shown. Some menus, such as Trial applications and Job queues, are shown to platform operators only.',
          'Under Users, add, edit and delete users, assign roles, reset passwords, or download the template and import users in bulk. Passwords must be 8 to 64 characters with both letters and digits.',
        ],
      },
      {
        id: 'operation-log',
        title: 'The operation log',
        where: 'System › Operation log',
        body: [
          'The operation log records every action in the back office: who, their organisation, the operation, the address called, the result, the time taken, the IP address and when. Filter by account, address or title, result (success or failure) and time.',
          'Details shows the request number, result code, message, client and request parameters, with passwords, verification codes and the like removed. Actions such as revealing a full identity number are recorded too, so they can be traced later.',
        ],
      },
      {
        id: 'job-queues',
        title: 'Job queues',
        where: 'System › Job queues',
        shot: 'job-queues',
        body: [
          'Certificate rendering, score calculation, payment reconciliation and refunds, and statistics reports run in background queues. The Job queues page lists each queue with its waiting, active, delayed, failed and completed jobs; click Refresh to update it.',
          'When jobs have failed, click Open the queue board (it opens in a new tab and is for platform operators only), read why each failed, deal with the cause and retry them. A certificate batch that failed to render, a score calculation that failed or a refund that could not be sent usually carries on after a retry, without organisers or finance staff having to start again.',
        ],
      },
      {
        id: 'start-and-test',
        title: 'Starting the platform and running the tests',
        body: [
          'In the root of the repository, run npm install, then npm start. It starts PostgreSQL, Redis and NATS if needed, builds everything, loads the demo data, starts every service and finally prints the addresses of the public site, the queue screen and the API, along with the demo accounts. Ctrl-C stops every process; npm start -- --reset loads the demo data afresh.',
          'npm test builds, lints and runs every test: the unit tests first, then the end-to-end tests against real PostgreSQL, Redis and NATS. Run it and see it pass after changing the code or upgrading dependencies, before deploying.',
        ],
        steps: [
          'In the root of the repository, run npm install.',
          'Run npm start and wait for the addresses and demo accounts to be printed.',
          'Open the printed address in a browser and log in with a demo account.',
          'Run npm test to check your changes.',
        ],
      },
    ],
  },
];
