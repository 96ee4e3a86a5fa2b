// Every panel of the app, one file each; all read the scenario and the latest decision from App
// and change the scenario only through App::edit (one undo step per edit).
#pragma once

namespace placement::ui {

class App;

void draw_main_window(App& app);     // main_window.cpp: layout
void draw_menu_bar(App& app);        // examples_menu.cpp: Examples and Scenario menus
void draw_toolbar(App& app);         // toolbar.cpp: undo/redo, share, files, deploy, scale-down
// embed_toolbar.cpp: the toolbar of ?embed=1 (Open in Explorer, Copy explanation, Save image)
// and the Save image button both toolbars show.
void draw_embed_toolbar(App& app);
void draw_save_image_button(App& app);
void draw_start_panel(App& app);     // start_panel.cpp: first visit (examples, new empty cluster)
void draw_banner(App& app);          // banner.cpp
void draw_paste_dialog(App& app);    // paste_dialog.cpp (only when the page has none)
void draw_step_tabs(App& app);       // step_tabs.cpp
void draw_cluster_canvas(App& app);  // cluster_canvas.cpp
void draw_why_not_here(App& app);    // why_not_here.cpp
void draw_worker_editor(App& app);   // worker_editor.cpp
void draw_model_panel(App& app);     // model_panel.cpp
void draw_instances_panel(App& app); // instances_panel.cpp
void draw_stepper_filters(App& app); // stepper_filters.cpp
void draw_stepper_fit(App& app);     // stepper_fit.cpp
void draw_stepper_scoring(App& app); // stepper_scoring.cpp
void draw_scale_down_panel(App& app);// scale_down_panel.cpp
// Step 6, What if: whatif_panel.cpp picks the view; one file per view.
void draw_whatif_panel(App& app);
void draw_whatif_capacity(App& app);  // whatif_capacity.cpp
void draw_whatif_advice(App& app);    // whatif_advice.cpp
void draw_whatif_compare(App& app);   // whatif_compare.cpp
void draw_whatif_sweep(App& app);     // whatif_sweep.cpp
// The toolbar's Scale down dialog (scale_down_dialog.cpp): open() proposes a count, draw() is
// called every frame in the same ID scope.
void open_scale_down_dialog(App& app);
void draw_scale_down_dialog(App& app);
// Candidates with their claims (and scores); a row click inspects one on the canvas
// (ids candidate/<n>). In stepper_fit.cpp, shared with the scoring step.
void draw_candidates_table(App& app, bool with_scores);

}  // namespace placement::ui
