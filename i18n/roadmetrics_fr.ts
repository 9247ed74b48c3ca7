<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>RoadMetrics</name>
    <message>
        <extracomment>ui/algorithm.py:86</extracomment>
        <source>Reference: {}</source>
        <translation>Référence : {}</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:87</extracomment>
        <source>Parameters</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:91</extracomment>
        <source>default</source>
        <translation>par défaut</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:95</extracomment>
        <source>Outputs</source>
        <translation>Sorties</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:98</extracomment>
        <source>JSON with every score, the parameters used, counts and warnings.</source>
        <translation>JSON contenant tous les scores, les paramètres utilisés, les décomptes et les avertissements.</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:116</extracomment>
        <source>The centrelines a raster input gave, as they were scored, can be written too (GROUND_TRUTH_CENTRELINES, PREDICTION_CENTRELINES: off by default), styled as the Centrelines algorithm&apos;s output.</source>
        <translation>Les axes tirés d&apos;une entrée raster, tels qu&apos;ils ont été évalués, peuvent aussi être écrits (GROUND_TRUTH_CENTRELINES, PREDICTION_CENTRELINES : désactivés par défaut), avec le style de la sortie de l&apos;algorithme Axes des routes.</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:155; ui/evaluate.py:115; ui/pixel_algorithm.py:125</extracomment>
        <source>Scores (JSON)</source>
        <translation>Scores (JSON)</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:181; ui/centrelines.py:64; ui/compare.py:133; ui/evaluate.py:255; ui/perturb.py:95; ui/pixel_algorithm.py:202; ui/sensitivity.py:111</extracomment>
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:184; ui/checks.py:530; ui/checks.py:603; ui/checks.py:631; ui/checks.py:646; ui/compare.py:136; ui/evaluate.py:260; ui/perturb.py:98; ui/pixel_algorithm.py:207; ui/rasters.py:99; ui/sensitivity.py:114; ui/tool_common.py:170; ui/tool_common.py:182</extracomment>
        <source>Invalid parameters: {}</source>
        <translation>Paramètres invalides : {}</translation>
    </message>
    <message>
        <extracomment>ui/catalogue.py:61</extracomment>
        <source>{metric} — {layer}</source>
        <translation>{metric} — {layer}</translation>
    </message>
    <message>
        <extracomment>ui/catalogue.py:74</extracomment>
        <source>{} summary (HTML)</source>
        <translation>Résumé {} (HTML)</translation>
    </message>
    <message>
        <extracomment>ui/catalogue.py:89</extracomment>
        <source>{metric} ({settings}): {layer}</source>
        <translation>{metric} ({settings}) : {layer}</translation>
    </message>
    <message>
        <extracomment>ui/catalogue.py:96</extracomment>
        <source>{metric}: {layer}</source>
        <translation>{metric} : {layer}</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:25</extracomment>
        <source>Centrelines of a road raster</source>
        <translation>Axes des routes d&apos;un raster</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:26</extracomment>
        <source>Rasters</source>
        <translation>Rasters</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:28</extracomment>
        <source>Turns a road raster into centrelines, exactly as every metric does with a raster ground truth or prediction: road pixels (RASTER_THRESHOLD for a probability map: value &gt;= threshold; RASTER_CLASSES for a class map; else the 1 pixels of a 0/1 mask; nodata is background), components smaller than RASTER_MIN_AREA removed, holes smaller than RASTER_FILL_HOLES filled, Zhang-Suen thinning, one line per skeleton branch between ends and junctions, dead ends shorter than RASTER_PRUNE removed, lines simplified within RASTER_SIMPLIFY. Sizes are metres and square metres on the ground: the raster must be in a projected CRS in metres (a raster in degrees, feet or Web Mercator is refused with the UTM zone to warp it to). The band is read in windows, so large rasters fit in memory. The output is in the raster&apos;s CRS, with each line&apos;s length; EXTRACTION holds the parameters used.</source>
        <translation>Transforme un raster de routes en axes, exactement comme le fait chaque métrique avec une vérité terrain ou une prédiction raster : pixels de route (RASTER_THRESHOLD pour une carte de probabilité : valeur &gt;= seuil ; RASTER_CLASSES pour une carte de classes ; sinon les pixels à 1 d&apos;un masque 0/1 ; les pixels nodata sont du fond), suppression des composantes plus petites que RASTER_MIN_AREA, remplissage des trous plus petits que RASTER_FILL_HOLES, squelettisation de Zhang-Suen, une ligne par branche du squelette entre extrémités et jonctions, suppression des impasses plus courtes que RASTER_PRUNE, simplification des lignes à RASTER_SIMPLIFY près. Les tailles sont des mètres et des mètres carrés sur le terrain : le raster doit être dans un SCR projeté en mètres (un raster en degrés, en pieds ou en Web Mercator est refusé, avec la zone UTM dans laquelle le reprojeter). La bande est lue par fenêtres, si bien que les grands rasters tiennent en mémoire. La sortie est dans le SCR du raster, avec la longueur de chaque ligne ; EXTRACTION contient les paramètres utilisés.</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:43</extracomment>
        <source>Road raster (mask, probability or class map)</source>
        <translation>Raster de routes (masque, carte de probabilité ou carte de classes)</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:48</extracomment>
        <source>Centrelines</source>
        <translation>Axes des routes</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:49</extracomment>
        <source>Number of lines</source>
        <translation>Nombre de lignes</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:50</extracomment>
        <source>Extraction parameters (JSON)</source>
        <translation>Paramètres d&apos;extraction (JSON)</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:57; ui/rasters.py:108</extracomment>
        <source>Could not load the raster {} ({}).</source>
        <translation>Impossible de charger le raster {} ({}).</translation>
    </message>
    <message>
        <extracomment>ui/centrelines.py:69</extracomment>
        <source>{} line(s) from {}.</source>
        <translation>{} ligne(s) issue(s) de {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:39; ui/compare.py:171; ui/inputs.py:296; ui/rasters.py:257; ui/sensitivity.py:93</extracomment>
        <source>ground-truth</source>
        <translation>vérité terrain</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:39; ui/checks.py:544; ui/checks.py:586; ui/compare.py:226; ui/inputs.py:297; ui/inputs.py:301; ui/inputs.py:318; ui/pixel_algorithm.py:167; ui/rasters.py:257; ui/rasters.py:299; ui/summary.py:69; core/metrics/geometric/cldice.py:97; core/metrics/instances/instances.py:420; core/metrics/paths/apls.py:362; core/metrics/paths/apls.py:426; core/reports/report.py:439; core/schema.py:466</extracomment>
        <source>prediction</source>
        <translation>prédiction</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:40; ui/perturb.py:80; ui/perturb.py:83</extracomment>
        <source>input</source>
        <translation>source</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:265</extracomment>
        <source>The output {} ({}) would write the style file {}, which QGIS loads as the style of the input {} ({}): it would overwrite or restyle the input, and inputs are never modified. Choose another file name for {}.</source>
        <translation>La sortie {} ({}) écrirait le fichier de style {}, que QGIS charge comme style de l&apos;entrée {} ({}) : elle écraserait ou changerait le style de l&apos;entrée, et les entrées ne sont jamais modifiées. Choisissez un autre nom de fichier pour {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:271</extracomment>
        <source>The output {} ({}) would overwrite {}, a file the input {} ({}) reads: inputs are never modified. Choose another file for {}.</source>
        <translation>La sortie {} ({}) écraserait {}, un fichier que lit l&apos;entrée {} ({}) : les entrées ne sont jamais modifiées. Choisissez un autre fichier pour {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:275</extracomment>
        <source>The output {} ({}) would overwrite the input {} ({}): inputs are never modified. Choose another file for {}.</source>
        <translation>La sortie {} ({}) écraserait l&apos;entrée {} ({}) : les entrées ne sont jamais modifiées. Choisissez un autre fichier pour {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:291</extracomment>
        <source>The outputs {} and {} are both written to the layer &apos;{}&apos; of {}: layer names in a GeoPackage ignore case, so &apos;{}&apos; and &apos;{}&apos; are one layer and the second would replace the first. Give each output its own layer name.</source>
        <translation>Les sorties {} et {} sont toutes deux écrites dans la couche « {} » de {} : les noms de couches d&apos;un GeoPackage ne distinguent pas les majuscules, donc « {} » et « {} » sont une seule couche et la seconde remplacerait la première. Donnez à chaque sortie son propre nom de couche.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:296</extracomment>
        <source>The outputs {} and {} are both written to {}: the second would replace the first. Give each output its own file, or write them as separate layers of one GeoPackage (&apos;Save to GeoPackage...&apos; in the dialog, or ogr:dbname=&apos;{}&apos; table=&quot;{}&quot; (geom) and another table name for the other).</source>
        <translation>Les sorties {} et {} sont toutes deux écrites dans {} : la seconde remplacerait la première. Donnez à chaque sortie son propre fichier, ou écrivez-les comme couches distinctes d&apos;un même GeoPackage (« Enregistrer dans un GeoPackage… » dans la boîte de dialogue, ou ogr:dbname=&apos;{}&apos; table=&quot;{}&quot; (geom) et un autre nom de table pour l&apos;autre sortie).</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:326</extracomment>
        <source>it is a folder</source>
        <translation>c&apos;est un dossier</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:329</extracomment>
        <source>the file is read-only</source>
        <translation>le fichier est en lecture seule</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:344</extracomment>
        <source>{} is not a folder</source>
        <translation>{} n&apos;est pas un dossier</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:346</extracomment>
        <source>the folder {} is not writable</source>
        <translation>le dossier {} n&apos;est pas accessible en écriture</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:356</extracomment>
        <source>Cannot write {} to {}: {}. Choose another file; nothing was computed.</source>
        <translation>Impossible d&apos;écrire {} dans {} : {}. Choisissez un autre fichier ; rien n&apos;a été calculé.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:372</extracomment>
        <source>DASK_SCHEDULER &apos;{}&apos; is not an address like tcp://host:8786: {}</source>
        <translation>DASK_SCHEDULER « {} » n&apos;est pas une adresse de la forme tcp://host:8786 : {}</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:375</extracomment>
        <source>DASK_SCHEDULER &apos;{}&apos; is not an address like tcp://host:8786.</source>
        <translation>DASK_SCHEDULER « {} » n&apos;est pas une adresse de la forme tcp://host:8786.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:380</extracomment>
        <source>Cannot reach the Dask scheduler at {} ({}). Start it (&apos;dask scheduler&apos;), check the address and firewall, or leave DASK_SCHEDULER empty to run on local processes.</source>
        <translation>Impossible de joindre l&apos;ordonnanceur Dask à l&apos;adresse {} ({}). Démarrez-le (« dask scheduler »), vérifiez l&apos;adresse et le pare-feu, ou laissez DASK_SCHEDULER vide pour calculer sur des processus locaux.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:406</extracomment>
        <source>Could not load the {} layer.</source>
        <translation>Impossible de charger la couche {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:410</extracomment>
        <source>The {} layer must contain lines, but it has {} geometries. Choose a line layer (for polygons, run &apos;Polygons to lines&apos; first).</source>
        <translation>La couche {} doit contenir des lignes, mais ses géométries sont de type {}. Choisissez une couche de lignes (pour des polygones, lancez d&apos;abord « Polygones vers lignes »).</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:420</extracomment>
        <source>The TILES layer must contain polygons (one per tile), but it has {} geometries. Leave TILES empty and set TILE_SIZE for a square grid.</source>
        <translation>La couche TILES doit contenir des polygones (un par tuile), mais ses géométries sont de type {}. Laissez TILES vide et réglez TILE_SIZE pour une grille carrée.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:433</extracomment>
        <source>PARAMETERS: &apos;{}&apos; is not a metric. Per-metric parameters go under the metric&apos;s id, e.g. {{&quot;apls&quot;: {{&quot;VARIANT&quot;: &quot;sat2graph&quot;}}}}; metrics: {}.</source>
        <translation>PARAMETERS : « {} » n&apos;est pas une métrique. Les paramètres propres à une métrique se placent sous son identifiant, par ex. {{&quot;apls&quot;: {{&quot;VARIANT&quot;: &quot;sat2graph&quot;}}}} ; métriques : {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:438</extracomment>
        <source>PARAMETERS: the value of &apos;{}&apos; must be an object of parameter names and values, e.g. {{&quot;{}&quot;: {{&quot;{}&quot;: ...}}}}.</source>
        <translation>PARAMETERS : la valeur de « {} » doit être un objet de noms et de valeurs de paramètres, par ex. {{&quot;{}&quot;: {{&quot;{}&quot;: ...}}}}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:445</extracomment>
        <source>PARAMETERS: {} has no parameter &apos;{}&apos;; its parameters: {}.</source>
        <translation>PARAMETERS : {} n&apos;a pas de paramètre « {} » ; ses paramètres : {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:451</extracomment>
        <source>PARAMETERS: {}: {}</source>
        <translation>PARAMETERS : {} : {}</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:453</extracomment>
        <source>PARAMETERS has settings for {}, which is not among the chosen metrics: they are not used.</source>
        <translation>PARAMETERS contient des réglages pour {}, qui ne fait pas partie des métriques choisies : ils ne sont pas utilisés.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:531</extracomment>
        <source>Invalid parameters: {} must be a number from {} to {}; got {}.</source>
        <translation>Paramètres invalides : {} doit être un nombre de {} à {} ; reçu {}.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:543; ui/compare.py:241; ui/compare.py:244; ui/inputs.py:300; ui/inputs.py:318; ui/pixel_algorithm.py:167; ui/rasters.py:299; ui/sensitivity.py:96; ui/sensitivity.py:124; ui/summary.py:68; core/metrics/geometric/cldice.py:96; core/metrics/instances/instances.py:419; core/metrics/paths/apls.py:360; core/metrics/paths/apls.py:426; core/reports/report.py:438; core/schema.py:466</extracomment>
        <source>ground truth</source>
        <translation>vérité terrain</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:549</extracomment>
        <source>Give the {} as lines ({}) or as a raster ({}), not both.</source>
        <translation>Indiquez la {} sous forme de lignes ({}) ou de raster ({}), mais pas les deux.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:555</extracomment>
        <source>Give the {} as lines ({}) or as a raster ({}).</source>
        <translation>Donnez la {} sous forme de lignes ({}) ou de raster ({}).</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:558</extracomment>
        <source>Choose the prediction layer (the lines to evaluate).</source>
        <translation>Choisissez la couche de prédiction (les lignes à évaluer).</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:560</extracomment>
        <source>Choose the ground-truth layer (the reference lines) or raster.</source>
        <translation>Choisissez la couche de vérité terrain (les lignes de référence) ou un raster.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:601</extracomment>
        <source>(this tool reads no attributes: the perturbed copies have none)</source>
        <translation>(cet outil ne lit aucun attribut : les copies perturbées n&apos;en ont pas)</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:610</extracomment>
        <source>The ground truth and the prediction are the same data ({}): every score is perfect. Choose the prediction layer.</source>
        <translation>La vérité terrain et la prédiction sont les mêmes données ({}) : tous les scores sont parfaits. Choisissez la couche de prédiction.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:617</extracomment>
        <source>The ground truth and the prediction &apos;{}&apos; are the same data: its scores are perfect.</source>
        <translation>La vérité terrain et la prédiction « {} » sont les mêmes données : ses scores sont parfaits.</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:671</extracomment>
        <source>Ground truth: lines</source>
        <translation>Vérité terrain : lignes</translation>
    </message>
    <message>
        <extracomment>ui/checks.py:706</extracomment>
        <source>Prediction: lines to evaluate</source>
        <translation>Prédiction : lignes à évaluer</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:49</extracomment>
        <source>Compare methods</source>
        <translation>Comparer des méthodes</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:50; ui/perturb.py:39; ui/sensitivity.py:39</extracomment>
        <source>Metric analysis</source>
        <translation>Analyse des métriques</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:52</extracomment>
        <source>Scores several predictions (one layer per method) against one ground truth with every selected metric, ranks the methods by each score, and measures how consistently the metrics rank them: Pearson and Spearman correlations between scores, Equal-Sorting Ratio (share of triplets (reference, method B, method C) that two scores sort alike) and Sorting Margins (Lopez-Molina et al.). With a tile size or a polygon layer of tiles, every tile is a reference (as the cities of Citraro et al., Fig. 6 and 8) and the overall scores are aggregated (pooled or mean). &lt;i&gt;Scores compared&lt;/i&gt;: one headline score per metric (F1, APLS, TLTS correct ...) or every score with a perfect value (lower-is-better scores are negated before comparing). The HTML report shows the scores and ranks, the pairwise-preference bars, the correlation and ESR matrices and the Sorting Margin distributions. All distances are in metres.</source>
        <translation>Note plusieurs prédictions (une couche par méthode) par rapport à une vérité terrain avec chaque métrique choisie, classe les méthodes selon chaque score et mesure la cohérence des classements entre métriques : corrélations de Pearson et de Spearman entre scores, taux de tri identique (ESR : part des triplets (référence, méthode B, méthode C) que deux scores trient de la même façon) et marges de tri (Lopez-Molina et al.). Avec une taille de tuile ou une couche de polygones de tuiles, chaque tuile est une référence (comme les villes de Citraro et al., fig. 6 et 8) et les scores d&apos;ensemble sont agrégés (cumul ou moyenne). &lt;i&gt;Scores comparés&lt;/i&gt; : un score principal par métrique (F1, APLS, TLTS correct ...) ou chaque score ayant une valeur parfaite (les scores où plus bas est meilleur sont inversés avant comparaison). Le rapport HTML montre les scores et les rangs, les barres de préférence par paires, les matrices de corrélation et d&apos;ESR et les distributions des marges de tri. Toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:65</extracomment>
        <source>The ground truth can be a raster (GROUND_TRUTH_RASTER) and methods can be rasters (PREDICTION_RASTERS, e.g. the outputs of several models: 0/1 road masks, probability maps with RASTER_THRESHOLD or class maps with RASTER_CLASSES, in a projected CRS in metres), beside or instead of line layers: their centrelines are extracted first with the raster parameters (band, threshold and classes in the main panel, the extraction sizes under Advanced), the same for every raster, as the Centrelines algorithm does, and each extraction is recorded in RESULTS and the report.</source>
        <translation>La vérité terrain peut être un raster (GROUND_TRUTH_RASTER) et les méthodes peuvent être des rasters (PREDICTION_RASTERS, par ex. les sorties de plusieurs modèles : masques de routes 0/1, cartes de probabilité avec RASTER_THRESHOLD ou cartes de classes avec RASTER_CLASSES, dans un SCR projeté en mètres), en plus ou à la place de couches de lignes : leurs axes sont d&apos;abord extraits avec les paramètres raster (bande, seuil et classes dans le panneau principal, tailles d&apos;extraction dans les paramètres avancés), les mêmes pour chaque raster, comme le fait l&apos;algorithme « Axes des routes d&apos;un raster », et chaque extraction est consignée dans RESULTS et dans le rapport.</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:85</extracomment>
        <source>Predictions (one layer per method)</source>
        <translation>Prédictions (une couche par méthode)</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:88</extracomment>
        <source>Predictions as rasters (one raster per method)</source>
        <translation>Prédictions sous forme de rasters (un raster par méthode)</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:93</extracomment>
        <source>Scores compared</source>
        <translation>Scores comparés</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:103; ui/evaluate.py:106; ui/sensitivity.py:76</extracomment>
        <source>HTML report</source>
        <translation>Rapport HTML</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:103; ui/evaluate.py:106; ui/sensitivity.py:76; ui/summary.py:27</extracomment>
        <source>HTML files (*.html)</source>
        <translation>Fichiers HTML (*.html)</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:105</extracomment>
        <source>Scores per method</source>
        <translation>Scores par méthode</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:107</extracomment>
        <source>Ranking of the methods</source>
        <translation>Classement des méthodes</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:109</extracomment>
        <source>Consistency of metric pairs</source>
        <translation>Cohérence des paires de métriques</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:110; ui/sensitivity.py:81</extracomment>
        <source>Results (JSON)</source>
        <translation>Résultats (JSON)</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:149; ui/evaluate.py:280; ui/sensitivity.py:131</extracomment>
        <source>metrics</source>
        <translation>métriques</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:152; ui/evaluate.py:283; core/reports/report.py:497</extracomment>
        <source>tiles</source>
        <translation>tuiles</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:153; ui/evaluate.py:285; core/reports/tool_reports.py:285</extracomment>
        <source>whole extent</source>
        <translation>emprise entière</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:158</extracomment>
        <source>Comparison of methods</source>
        <translation>Comparaison de méthodes</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:175</extracomment>
        <source>Choose at least two prediction layers to compare.</source>
        <translation>Choisissez au moins deux couches de prédiction à comparer.</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:190; ui/sensitivity.py:100</extracomment>
        <source>The ground-truth layer has no usable line.</source>
        <translation>La couche vérité terrain ne contient aucune ligne exploitable.</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:196</extracomment>
        <source>{}: transformed from {} to {}.</source>
        <translation>{} : reprojection de {} vers {}.</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:211</extracomment>
        <source>method {}</source>
        <translation>méthode {}</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:242; ui/summary.py:74</extracomment>
        <source>{} raster: centreline extraction</source>
        <translation>raster de {} : extraction des axes</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:245</extracomment>
        <source>methods</source>
        <translation>méthodes</translation>
    </message>
    <message>
        <extracomment>ui/compare.py:248; ui/pixel_algorithm.py:174; ui/sensitivity.py:127; ui/summary.py:75</extracomment>
        <source>working CRS</source>
        <translation>SCR de travail</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:54</extracomment>
        <source>Evaluate all metrics</source>
        <translation>Évaluer toutes les métriques</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:55</extracomment>
        <source>Reports</source>
        <translation>Rapports</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:57</extracomment>
        <source>Runs every selected metric on the two layers and writes a self-contained HTML report (scores by family with their meaning, charts, per-class table, map of matched and unmatched parts, warnings) and a table of all scores. With a tile size or a polygon layer of tiles, each tile is evaluated on the networks clipped to it and the scores are aggregated: pooled (sum the counts / path statistics, then the ratios) or mean (mean of tile scores); &lt;i&gt;Tiles without ground truth&lt;/i&gt; says what such tiles count as. Tiles run on several local processes (&lt;i&gt;Worker processes&lt;/i&gt;) or on a Dask cluster (&lt;i&gt;Dask scheduler address&lt;/i&gt;); without tiles the metrics themselves run on the worker processes, heaviest first. &lt;i&gt;Per-metric parameters (JSON)&lt;/i&gt;: optional, e.g. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}. &lt;i&gt;Benchmark protocol&lt;/i&gt;: APLS and TOPO as published tables compute them (Sat2Graph / SAM-Road City-Scale, SAM-Road SpaceNet, SpaceNet), each metric&apos;s own definition beside in the report; whole extent only. &lt;i&gt;Pixel metrics when both inputs are rasters&lt;/i&gt;: with a raster ground truth and a raster prediction on one grid (same size, geotransform and CRS), the pixel metrics (IoU, distances, clDice, boundary F) also score the two rasters pixel by pixel, road pixels as RASTER_THRESHOLD / RASTER_CLASSES say (a metric&apos;s own GT_THRESHOLD / PRED_THRESHOLD under its id in the per-metric parameters win); on different grids or with tiles they are left out with a warning. All distances are in metres.</source>
        <translation>Exécute chaque métrique choisie sur les deux couches et écrit un rapport HTML autonome (résumé, scores par famille avec leur signification, graphiques, tableau par classe, carte des parties appariées et non appariées, avertissements) et une table de tous les scores. Avec une taille de tuile ou une couche de polygones de tuiles, chaque tuile est évaluée sur les réseaux découpés à son emprise et les scores sont agrégés : cumul (somme des comptes / statistiques de chemins, puis les rapports) ou moyenne (moyenne des scores des tuiles) ; &lt;i&gt;Tuiles sans vérité terrain&lt;/i&gt; indique comment ces tuiles comptent. Les tuiles s&apos;exécutent sur plusieurs processus locaux (&lt;i&gt;Processus de calcul&lt;/i&gt;) ou sur une grappe Dask (&lt;i&gt;Adresse de l&apos;ordonnanceur Dask&lt;/i&gt;) ; sans tuiles, les métriques elles-mêmes s&apos;exécutent sur les processus de calcul, les plus lourdes d&apos;abord. &lt;i&gt;Paramètres par métrique (JSON)&lt;/i&gt; : facultatif, par ex. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}. &lt;i&gt;Protocole de benchmark&lt;/i&gt; : APLS et TOPO tels que les tableaux publiés les calculent (Sat2Graph / SAM-Road City-Scale, SAM-Road SpaceNet, SpaceNet), avec la définition propre de chaque métrique à côté dans le rapport ; emprise entière seulement. &lt;i&gt;Métriques pixel quand les deux entrées sont des rasters&lt;/i&gt; : avec une vérité terrain raster et une prédiction raster sur une même grille (même taille, même géotransformation et même SCR), les métriques pixel (IoU, distances, clDice, F de contour) comparent aussi les deux rasters pixel par pixel, les pixels de route étant ceux que disent RASTER_THRESHOLD / RASTER_CLASSES (les GT_THRESHOLD / PRED_THRESHOLD propres à une métrique, sous son identifiant dans les paramètres par métrique, l&apos;emportent) ; sur des grilles différentes ou avec des tuiles, elles sont omises avec un avertissement. Toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:91</extracomment>
        <source>Pixel metrics when both inputs are rasters on one grid</source>
        <translation>Métriques pixel quand les deux entrées sont des rasters sur une même grille</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:94; apls: parameter CLASS_FIELD label; boundaryf: parameter CLASS_FIELD label; ccq: parameter CLASS_FIELD label; cldice: parameter CLASS_FIELD label; distances: parameter CLASS_FIELD label; junct: parameter CLASS_FIELD label; subg: parameter CLASS_FIELD label; optg: parameter CLASS_FIELD label; optj: parameter CLASS_FIELD label; optp: parameter CLASS_FIELD label; tlts: parameter CLASS_FIELD label; topo: parameter CLASS_FIELD label</extracomment>
        <source>Class field (scores per class)</source>
        <translation>Champ de classe (scores par classe)</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:98</extracomment>
        <source>Benchmark protocol (APLS, TOPO)</source>
        <translation>Protocole de benchmark (APLS, TOPO)</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:99</extracomment>
        <source>none (each metric&apos;s own definition)</source>
        <translation>aucun (la définition propre de chaque métrique)</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:108</extracomment>
        <source>Scores table</source>
        <translation>Table des scores</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:110; core/reports/tool_reports.py:366</extracomment>
        <source>Scores per tile</source>
        <translation>Scores par tuile</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:153; core/reports/report.py:659</extracomment>
        <source>protocol</source>
        <translation>protocole</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:154</extracomment>
        <source>Road network evaluation</source>
        <translation>Évaluation de réseau routier</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:235</extracomment>
        <source>{} tile(s), aggregation {}, empty tiles: {}</source>
        <translation>{} tuile(s), agrégation {}, tuiles vides : {}</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:258</extracomment>
        <source>The evaluation failed: {}</source>
        <translation>L&apos;évaluation a échoué : {}</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:283</extracomment>
        <source>{} ({}, tiles without ground truth: {})</source>
        <translation>{} ({}, tuiles sans vérité terrain : {})</translation>
    </message>
    <message>
        <extracomment>ui/evaluate.py:326</extracomment>
        <source>TILE_SCORES is a shapefile (field names of at most 10 characters): {}</source>
        <translation>TILE_SCORES est un shapefile (noms de champs de 10 caractères au plus) : {}</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:61</extracomment>
        <source>custom CRS</source>
        <translation>SCR personnalisé</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:78</extracomment>
        <source>no transformation to WGS 84</source>
        <translation>aucune transformation vers WGS 84</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:146</extracomment>
        <source>The ground truth has no valid CRS: coordinates are used as they are and assumed to be in metres.</source>
        <translation>La vérité terrain n&apos;a pas de SCR valide : les coordonnées sont utilisées telles quelles et supposées être en mètres.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:152</extracomment>
        <source>(Vector &gt; Data Management Tools &gt; Reproject Layer)</source>
        <translation>(Vecteur &gt; Outils de gestion de données &gt; Reprojeter une couche)</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:163</extracomment>
        <source>The prediction has no valid CRS: its coordinates are taken to be in the ground truth&apos;s CRS.</source>
        <translation>La prédiction n&apos;a pas de SCR valide : ses coordonnées sont considérées comme exprimées dans le SCR de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:168</extracomment>
        <source>The prediction&apos;s CRS ({}) differs from the ground truth&apos;s ({}): the prediction is transformed.</source>
        <translation>Le SCR de la prédiction ({}) diffère de celui de la vérité terrain ({}) : la prédiction est reprojetée.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:197</extracomment>
        <source>{}: {} feature(s) without geometry skipped.</source>
        <translation>{} : {} entité(s) sans géométrie ignorée(s).</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:315</extracomment>
        <source>The ground-truth layer has no usable line: {} feature(s), {} without geometry, {} invalid part(s). Select a layer (or features) with roads to compare against.</source>
        <translation>La couche vérité terrain ne contient aucune ligne exploitable : {} entité(s), {} sans géométrie, {} partie(s) invalide(s). Sélectionnez une couche (ou des entités) contenant les routes de référence pour la comparaison.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:322</extracomment>
        <source>{}: {} invalid line part(s) skipped (fewer than two distinct vertices, non-finite coordinates or failed transformation).</source>
        <translation>{} : {} partie(s) de ligne invalide(s) ignorée(s) (moins de deux sommets distincts, coordonnées non finies ou échec de la transformation).</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:38</extracomment>
        <source>Perturb a network (synthetic errors)</source>
        <translation>Perturber un réseau (erreurs synthétiques)</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:41</extracomment>
        <source>Writes a copy of a line layer with a number of synthetic errors of one type (Citraro et al., ECCV 2020, sec. 4.1): interruptions (gaps of the given length that disconnect the road), overconnections (straight spurious roads between the minimum and maximum length, joining points at least the minimum detour farther apart along the network), perturbations (junctions and dead ends displaced by half the maximum displacement to the maximum, roads following, nothing disconnected), doubled roads (a shifted copy joined at both ends), doubled roads in the ground truth (the copies go into the ground truth to compare with) and false positives far away (roads within the radius of random points removed from the ground truth to compare with). The perturbed prediction and the ground truth to compare it with hold the network&apos;s roads between junctions (attributes are not kept); the optional errors layer marks each error. Same random seed, same errors. All distances are in metres.</source>
        <translation>Écrit une copie d&apos;une couche de lignes avec un nombre d&apos;erreurs synthétiques d&apos;un type (Citraro et al., ECCV 2020, sect. 4.1) : coupures (trous de la longueur donnée qui déconnectent la route), surconnexions (routes droites en trop, entre la longueur minimale et la longueur maximale, reliant des points au moins le détour minimal plus éloignés le long du réseau), déplacements (carrefours et impasses déplacés de la moitié du déplacement maximal jusqu&apos;au maximum, les routes suivent, rien n&apos;est déconnecté), routes doublées (une copie décalée raccordée aux deux bouts), routes doublées dans la vérité terrain (les copies vont dans la vérité terrain de comparaison) et faux positifs éloignés (routes dans le rayon de points aléatoires retirées de la vérité terrain de comparaison). La prédiction perturbée et la vérité terrain de comparaison contiennent les routes du réseau entre carrefours (les attributs ne sont pas conservés) ; la couche facultative des erreurs marque chaque erreur. Même graine aléatoire, mêmes erreurs. Toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:57</extracomment>
        <source>Line layer (ground truth)</source>
        <translation>Couche de lignes (vérité terrain)</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:59</extracomment>
        <source>Error type</source>
        <translation>Type d&apos;erreur</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:61</extracomment>
        <source>Number of errors</source>
        <translation>Nombre d&apos;erreurs</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:66</extracomment>
        <source>Perturbed prediction</source>
        <translation>Prédiction perturbée</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:70</extracomment>
        <source>Ground truth to compare with</source>
        <translation>Vérité terrain de comparaison</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:73</extracomment>
        <source>Errors</source>
        <translation>Erreurs</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:74</extracomment>
        <source>Number of errors placed</source>
        <translation>Nombre d&apos;erreurs placées</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:75</extracomment>
        <source>Parameters used (JSON)</source>
        <translation>Paramètres utilisés (JSON)</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:87</extracomment>
        <source>The input layer has no usable line.</source>
        <translation>La couche source ne contient aucune ligne exploitable.</translation>
    </message>
    <message>
        <extracomment>ui/perturb.py:116</extracomment>
        <source>{} error(s) of type {} placed.</source>
        <translation>{} erreur(s) de type {} placée(s).</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:50; core/io/ogr.py:58</extracomment>
        <source>{} cannot be read by GDAL.</source>
        <translation>GDAL ne peut pas lire {}.</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:53</extracomment>
        <source>{} has no band {}.</source>
        <translation>{} n&apos;a pas de bande {}.</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:67</extracomment>
        <source>The two rasters are in different CRSs ({} and {}): reproject one onto the other&apos;s grid (Warp).</source>
        <translation>Les deux rasters sont dans des SCR différents ({} et {}) : reprojetez l&apos;un sur la grille de l&apos;autre (Projection (warp)).</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:71</extracomment>
        <source>The two rasters are not on one grid ({} x {} and {} x {} pixels, or different extents): resample one onto the other (Align rasters).</source>
        <translation>Les deux rasters ne sont pas sur une même grille ({} x {} et {} x {} pixels, ou emprises différentes) : rééchantillonnez l&apos;un sur l&apos;autre (Aligner les rasters).</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:76</extracomment>
        <source>The rasters&apos; CRS ({}) is not in metres: reproject them to a projected CRS in metres (e.g. their UTM zone) first.</source>
        <translation>Le SCR des rasters ({}) n&apos;est pas en mètres : reprojetez-les d&apos;abord dans un SCR projeté en mètres (par ex. leur zone UTM).</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:86</extracomment>
        <source>Inputs: two rasters on one grid (same size, extent and CRS, in metres): 0/1 masks, probability maps with a threshold, or class maps with road classes.</source>
        <translation>Entrées : deux rasters sur une même grille (mêmes dimensions, emprise et SCR, en mètres) : masques 0/1, cartes de probabilité avec un seuil, ou cartes de classes avec des classes de routes.</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:97</extracomment>
        <source>Inputs: {} x {} pixels of {:g} x {:g} m; road pixels: ground truth {}, prediction {}.</source>
        <translation>Entrées : {} x {} pixels de {:g} x {:g} m ; pixels de route : vérité terrain {}, prédiction {}.</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:102; ui/summary.py:113; ui/summary.py:131</extracomment>
        <source>Warnings: {} (listed above).</source>
        <translation>Avertissements : {} (ci-dessus).</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:102; ui/summary.py:113; ui/summary.py:132</extracomment>
        <source>Warnings: none.</source>
        <translation>Avertissements : aucun.</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:106</extracomment>
        <source>Ground truth: raster (mask or classes)</source>
        <translation>Vérité terrain : raster (masque ou classes)</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:107</extracomment>
        <source>Prediction: raster (mask, probabilities or classes)</source>
        <translation>Prédiction : raster (masque, probabilités ou classes)</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:108</extracomment>
        <source>Ground-truth raster band</source>
        <translation>Bande du raster de vérité terrain</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:109</extracomment>
        <source>Prediction raster band</source>
        <translation>Bande du raster de prédiction</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:169</extracomment>
        <source>band</source>
        <translation>bande</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:172</extracomment>
        <source>grid</source>
        <translation>grille</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:172</extracomment>
        <source>{} x {} pixels of {:g} x {:g} m</source>
        <translation>{} x {} pixels de {:g} x {:g} m</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:181</extracomment>
        <source>Choose two raster layers (ground truth and prediction).</source>
        <translation>Choisissez deux couches raster (vérité terrain et prédiction).</translation>
    </message>
    <message>
        <extracomment>ui/pixel_algorithm.py:211</extracomment>
        <source>the rasters have no CRS: their pixel sizes are taken to be metres</source>
        <translation>les rasters n&apos;ont pas de SCR : la taille de leurs pixels est considérée comme exprimée en mètres</translation>
    </message>
    <message>
        <extracomment>ui/provider.py:19</extracomment>
        <source>Road network metrics</source>
        <translation>Métriques de réseaux routiers</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:50</extracomment>
        <source>Each input is given as lines or as a raster (GROUND_TRUTH_RASTER, PREDICTION_RASTER: a 0/1 road mask, a probability map with RASTER_THRESHOLD or a class map with RASTER_CLASSES, in a projected CRS in metres; RASTER_BAND, RASTER_THRESHOLD and RASTER_CLASSES are right under the raster inputs): its centrelines are extracted first, with the sizes under Advanced Parameters, as the Centrelines algorithm does, and the extraction is recorded in SCORES.</source>
        <translation>Chaque entrée est donnée sous forme de lignes ou de raster (GROUND_TRUTH_RASTER, PREDICTION_RASTER : un masque routier 0/1, une carte de probabilité avec RASTER_THRESHOLD ou une carte de classes avec RASTER_CLASSES, dans un SCR projeté en mètres ; RASTER_BAND, RASTER_THRESHOLD et RASTER_CLASSES sont juste sous les entrées raster) : ses axes sont d&apos;abord extraits, avec les tailles des paramètres avancés, comme le fait l&apos;algorithme Axes des routes, et l&apos;extraction est consignée dans SCORES.</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:64</extracomment>
        <source>Ground truth: or a raster (instead of lines)</source>
        <translation>Vérité terrain : ou un raster (au lieu de lignes)</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:66</extracomment>
        <source>Prediction: or a raster (instead of lines)</source>
        <translation>Prédiction : ou un raster (au lieu de lignes)</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:87</extracomment>
        <source>Set &apos;{}&apos; [{}] in the main panel of the dialog, right under the raster input (e.g. 0.5 for a probability map), or the road classes beside it.</source>
        <translation>Renseignez « {} » [{}] dans le panneau principal de la boîte de dialogue, juste sous l&apos;entrée raster (p. ex. 0.5 pour une carte de probabilité), ou les classes de routes à côté.</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:117</extracomment>
        <source>The raster {} is not a file GDAL reads (provider {}): save it as a GeoTIFF first.</source>
        <translation>Le raster {} n&apos;est pas un fichier lisible par GDAL (fournisseur {}) : enregistrez-le d&apos;abord en GeoTIFF.</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:129</extracomment>
        <source>The raster {} ({}) cannot be opened with GDAL.</source>
        <translation>Le raster {} ({}) ne peut pas être ouvert avec GDAL.</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:132</extracomment>
        <source>The raster {} has {} band(s): band {} (RASTER_BAND) does not exist.</source>
        <translation>Le raster {} a {} bande(s) : la bande {} (RASTER_BAND) n&apos;existe pas.</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:143</extracomment>
        <source>The raster {} has no georeferencing (no geotransform): its pixels have no position or size in metres. Georeference it first (Raster &gt; Georeferencer).</source>
        <translation>Le raster {} n&apos;est pas géoréférencé (pas de géotransformation) : ses pixels n&apos;ont ni position ni taille en mètres. Géoréférencez-le d&apos;abord (Raster &gt; Géoréférenceur).</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:193; ui/rasters.py:196</extracomment>
        <source>The raster {}: {}</source>
        <translation>Le raster {} : {}</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:284</extracomment>
        <source>{} only apply to a raster input (GROUND_TRUTH_RASTER or PREDICTION_RASTER), and both inputs are line layers: ignored.</source>
        <translation>{} ne s&apos;appliquent qu&apos;à une entrée raster (GROUND_TRUTH_RASTER ou PREDICTION_RASTER), et les deux entrées sont des couches de lignes : ignorés.</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:309</extracomment>
        <source>The ground truth needs at least one line.</source>
        <translation>La vérité terrain doit contenir au moins une ligne.</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:321</extracomment>
        <source>Centrelines of the ground-truth raster (scored)</source>
        <translation>axes du raster de vérité terrain (évalués)</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:322</extracomment>
        <source>Centrelines of the prediction raster (scored)</source>
        <translation>axes du raster de prédiction (évalués)</translation>
    </message>
    <message>
        <extracomment>ui/rasters.py:360</extracomment>
        <source>{} is not written: that input is lines, not a raster.</source>
        <translation>{} n&apos;est pas écrite : cette entrée est une couche de lignes, pas un raster.</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:38; ui/sensitivity.py:138</extracomment>
        <source>Metric sensitivity analysis</source>
        <translation>Analyse de sensibilité des métriques</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:41</extracomment>
        <source>Reproduces Citraro et al.&apos;s synthetic benchmark (ECCV 2020, Fig. 5) on your ground truth: for each error type, each number of errors and each repetition, a perturbed copy is made (as &apos;Perturb a network&apos;) and every selected metric compares it with the ground truth. The report has one plot per error type (score against number of errors, one line per metric); a score that changes by less than the flat threshold between 0 and the largest number of errors is flagged as insensitive to that error type. Runs are spread over several local processes (&lt;i&gt;Worker processes&lt;/i&gt;) or a Dask cluster (&lt;i&gt;Dask scheduler address&lt;/i&gt;); the numbers do not depend on how they are run. The table of every run holds every score; the summary holds the change of each headline score per error type. All distances are in metres.</source>
        <translation>Reproduit le banc d&apos;essai synthétique de Citraro et al. (ECCV 2020, fig. 5) sur votre vérité terrain : pour chaque type d&apos;erreur, chaque nombre d&apos;erreurs et chaque répétition, une copie perturbée est produite (comme « Perturber un réseau ») et chaque métrique choisie la compare à la vérité terrain. Le rapport a un graphique par type d&apos;erreur (score selon le nombre d&apos;erreurs, une ligne par métrique) ; un score qui varie de moins que le seuil de platitude entre 0 et le plus grand nombre d&apos;erreurs est signalé comme insensible à ce type d&apos;erreur. Les exécutions sont réparties sur plusieurs processus locaux (&lt;i&gt;Processus de calcul&lt;/i&gt;) ou une grappe Dask (&lt;i&gt;Adresse de l&apos;ordonnanceur Dask&lt;/i&gt;) ; les nombres ne dépendent pas de la façon de les exécuter. La table de toutes les exécutions contient chaque score ; le résumé contient la variation de chaque score principal par type d&apos;erreur. Toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:56</extracomment>
        <source>Ground truth (reference lines)</source>
        <translation>Vérité terrain (lignes de référence)</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:58</extracomment>
        <source>Error types</source>
        <translation>Types d&apos;erreurs</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:61</extracomment>
        <source>Numbers of errors (comma separated)</source>
        <translation>Nombres d&apos;erreurs (séparés par des virgules)</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:63</extracomment>
        <source>Repetitions (different seeds)</source>
        <translation>Répétitions (graines différentes)</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:70</extracomment>
        <source>Flat threshold (insensitive below)</source>
        <translation>Seuil de variation (insensible en dessous)</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:78</extracomment>
        <source>Scores of every run</source>
        <translation>Scores de chaque exécution</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:80</extracomment>
        <source>Sensitivity summary</source>
        <translation>Synthèse de sensibilité</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:119</extracomment>
        <source>{} is flat for {} (change {:.4f})</source>
        <translation>{} est quasi constant pour {} (variation {:.4f})</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:128</extracomment>
        <source>error types</source>
        <translation>types d&apos;erreurs</translation>
    </message>
    <message>
        <extracomment>ui/sensitivity.py:133</extracomment>
        <source>perturbation parameters</source>
        <translation>paramètres de perturbation</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:27</extracomment>
        <source>Summary (HTML)</source>
        <translation>Résumé (HTML)</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:60</extracomment>
        <source>{} line parts, {}</source>
        <translation>{} parties de lignes, {}</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:93</extracomment>
        <source>read as a 0/1 mask</source>
        <translation>lu comme un masque 0/1</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:94</extracomment>
        <source>read as a 0/{} mask</source>
        <translation>lu comme un masque 0/{}</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:110</extracomment>
        <source>Inputs: ground truth {}; prediction {}.</source>
        <translation>Entrées : vérité terrain {} ; prédiction {}.</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:130; core/reports/report.py:753</extracomment>
        <source>Failed metrics: {}</source>
        <translation>Métriques en échec : {}</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:133</extracomment>
        <source>Headline scores</source>
        <translation>Scores principaux</translation>
    </message>
    <message>
        <extracomment>ui/summary.py:148</extracomment>
        <source>Intervals over tiles ({} {} %, {} resamples, seed {})</source>
        <translation>Intervalles sur les tuiles ({} {} %, {} rééchantillonnages, graine {})</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:107</extracomment>
        <source>{name} — {family}</source>
        <translation>{name} — {family}</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:113</extracomment>
        <source>Metrics</source>
        <translation>Métriques</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:118; apls: parameter SEED label; subg: parameter SEED label; optg: parameter SEED label; optp: parameter SEED label; tlts: parameter SEED label</extracomment>
        <source>Random seed</source>
        <translation>Graine aléatoire</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:126</extracomment>
        <source>Worker processes (0 = one per core)</source>
        <translation>Processus de calcul (0 = un par cœur)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:128</extracomment>
        <source>Dask scheduler address</source>
        <translation>Adresse de l&apos;ordonnanceur Dask</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:129</extracomment>
        <source>Per-metric parameters (JSON)</source>
        <translation>Paramètres par métrique (JSON)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:137</extracomment>
        <source>Tile size (0 = whole extent)</source>
        <translation>Taille des tuiles (0 = emprise entière)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:139</extracomment>
        <source>Tiles (polygon layer)</source>
        <translation>Tuiles (couche de polygones)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:141</extracomment>
        <source>Aggregation over tiles</source>
        <translation>Agrégation sur les tuiles</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:142</extracomment>
        <source>Tiles without ground truth</source>
        <translation>Tuiles sans vérité terrain</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:144</extracomment>
        <source>Tile margin</source>
        <translation>Marge des tuiles</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:152</extracomment>
        <source>Confidence level of the intervals over tiles</source>
        <translation>Niveau de confiance des intervalles sur les tuiles</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:154</extracomment>
        <source>Bootstrap resamples (0 = no interval)</source>
        <translation>Rééchantillonnages bootstrap (0 = pas d&apos;intervalle)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:156</extracomment>
        <source>Interval method</source>
        <translation>Méthode des intervalles</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:229</extracomment>
        <source>Gap length (interruptions)</source>
        <translation>Longueur des coupures (interruptions)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:230</extracomment>
        <source>Maximum node displacement (perturbations)</source>
        <translation>Déplacement maximal des nœuds (perturbations)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:232</extracomment>
        <source>Radius of removed areas (false positives far away)</source>
        <translation>Rayon des zones supprimées (faux positifs éloignés)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:234</extracomment>
        <source>Offset of doubled roads</source>
        <translation>Décalage des routes dédoublées</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:235</extracomment>
        <source>Length of doubled roads</source>
        <translation>Longueur des routes dédoublées</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:236</extracomment>
        <source>Minimum length of spurious roads (overconnections)</source>
        <translation>Longueur minimale des routes parasites (surconnexions)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:238</extracomment>
        <source>Maximum length of spurious roads (overconnections)</source>
        <translation>Longueur maximale des routes parasites (surconnexions)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:241</extracomment>
        <source>Minimum detour of joined points (overconnections)</source>
        <translation>Détour minimal entre les points reliés (surconnexions)</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:264; apls: parameter MERGE_TOLERANCE label; boundaryf: parameter MERGE_TOLERANCE label; ccq: parameter MERGE_TOLERANCE label; cldice: parameter MERGE_TOLERANCE label; distances: parameter MERGE_TOLERANCE label; instances: parameter MERGE_TOLERANCE label; junct: parameter MERGE_TOLERANCE label; subg: parameter MERGE_TOLERANCE label; optg: parameter MERGE_TOLERANCE label; optj: parameter MERGE_TOLERANCE label; optp: parameter MERGE_TOLERANCE label; tlts: parameter MERGE_TOLERANCE label; topo: parameter MERGE_TOLERANCE label</extracomment>
        <source>Vertex merge tolerance</source>
        <translation>Tolérance de fusion des sommets</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:265; apls: parameter NODE_CROSSINGS label; boundaryf: parameter NODE_CROSSINGS label; ccq: parameter NODE_CROSSINGS label; cldice: parameter NODE_CROSSINGS label; distances: parameter NODE_CROSSINGS label; instances: parameter NODE_CROSSINGS label; junct: parameter NODE_CROSSINGS label; subg: parameter NODE_CROSSINGS label; optg: parameter NODE_CROSSINGS label; optj: parameter NODE_CROSSINGS label; optp: parameter NODE_CROSSINGS label; tlts: parameter NODE_CROSSINGS label; topo: parameter NODE_CROSSINGS label</extracomment>
        <source>Connect lines where they cross</source>
        <translation>Raccorder les lignes à leurs croisements</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:287</extracomment>
        <source>not an object</source>
        <translation>ce n&apos;est pas un objet</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:289</extracomment>
        <source>PARAMETERS must be a JSON object like {{&quot;apls&quot;: {{&quot;VARIANT&quot;: &quot;sat2graph&quot;}}}}: {}</source>
        <translation>PARAMETERS doit être un objet JSON comme {{&quot;apls&quot;: {{&quot;VARIANT&quot;: &quot;sat2graph&quot;}}}} : {}</translation>
    </message>
    <message>
        <extracomment>ui/tool_common.py:343</extracomment>
        <source>The TILES layer has no polygon.</source>
        <translation>La couche TILES ne contient aucun polygone.</translation>
    </message>
    <message>
        <extracomment>core/analysis/bootstrap.py:79</extracomment>
        <source>the confidence level must lie strictly between 0 and 1 (0.95 for 95 %), got {!r}</source>
        <translation>le niveau de confiance doit être strictement entre 0 et 1 (0,95 pour 95 %), reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/analysis/bootstrap.py:83</extracomment>
        <source>the number of resamples must be a whole number &gt;= 0 (0: no interval), got {!r}</source>
        <translation>le nombre de rééchantillonnages doit être un entier &gt;= 0 (0 : pas d’intervalle), reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/analysis/bootstrap.py:86</extracomment>
        <source>the interval method must be one of {}, not {!r}</source>
        <translation>la méthode d’intervalle doit être l’une de {}, pas {!r}</translation>
    </message>
    <message>
        <extracomment>core/analysis/bootstrap.py:131</extracomment>
        <source>fewer than two chips: no interval</source>
        <translation>moins de deux tuiles : pas d’intervalle</translation>
    </message>
    <message>
        <extracomment>core/analysis/bootstrap.py:144</extracomment>
        <source>{}: BCa is undefined here (every resample on one side of the estimate, or no jackknife spread); percentile interval given</source>
        <translation>{} : BCa n’est pas défini ici (tous les rééchantillonnages d’un côté de l’estimation, ou aucune dispersion du jackknife) ; intervalle percentile donné</translation>
    </message>
    <message>
        <extracomment>core/analysis/bootstrap.py:332</extracomment>
        <source>{}&apos;s pooled rule is not a sum of counts: its pooled intervals use {} resamples, not {}</source>
        <translation>la règle d’agrégation de {} n’est pas une somme de comptes : ses intervalles agrégés utilisent {} rééchantillonnages, pas {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/bootstrap.py:336</extracomment>
        <source>{}&apos;s pooled rule is not a sum of counts: no pooled interval over {} chips (the interval of the mean is given)</source>
        <translation>la règle d’agrégation de {} n’est pas une somme de comptes : pas d’intervalle agrégé sur {} tuiles (l’intervalle de la moyenne est donné)</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:180</extracomment>
        <source>only {} ordered triplets (references x method pairs): the Equal-Sorting Ratio is coarse; use more methods or tiles</source>
        <translation>seulement {} triplets ordonnés (références x paires de méthodes) : le taux de tri identique (ESR) est grossier ; utilisez plus de méthodes ou de tuiles</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:183</extracomment>
        <source>fewer than three (reference, method) samples: correlations are undefined</source>
        <translation>moins de trois échantillons (référence, méthode) : les corrélations sont indéfinies</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:187</extracomment>
        <source>{}: undefined for every method</source>
        <translation>{} : indéfini pour toutes les méthodes</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:189</extracomment>
        <source>{}: the same for every method (differences below {}, floating-point noise): its correlations are undefined (NaN) and the methods tie</source>
        <translation>{} : identique pour toutes les méthodes (écarts inférieurs à {}, bruit de calcul en virgule flottante) : ses corrélations sont indéfinies (NaN) et les méthodes sont à égalité</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:322</extracomment>
        <source>compare needs at least two prediction layers (methods)</source>
        <translation>la comparaison demande au moins deux couches de prédiction (méthodes)</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:325</extracomment>
        <source>method names must be unique, got {}</source>
        <translation>les noms des méthodes doivent être uniques, reçu {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:327; core/analysis/sensitivity.py:195</extracomment>
        <source>the ground truth has no line</source>
        <translation>la vérité terrain n&apos;a aucune ligne</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:341; core/analysis/compare.py:368; core/analysis/compare.py:390; core/analysis/evaluate.py:69; core/analysis/evaluate.py:278; core/analysis/paired.py:288; core/analysis/tiles.py:525; core/metrics/pixel/masks.py:165; core/metrics/pixel/masks.py:169; core/metrics/pixel/masks.py:171; core/reports/report.py:186</extracomment>
        <source>{}: {}</source>
        <translation>{} : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/compare.py:364; core/analysis/sensitivity.py:221</extracomment>
        <source>{} failed: {}</source>
        <translation>{} en échec : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate.py:67</extracomment>
        <source>{}: failed: {}</source>
        <translation>{} : échec : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate.py:170</extracomment>
        <source>A protocol scores whole tiles as its benchmark cuts them: give the tiles as files to batch scoring with the protocol, not tiles of one evaluation.</source>
        <translation>Un protocole évalue des tuiles entières telles que son benchmark les découpe : donnez les tuiles comme fichiers à l&apos;évaluation par lot avec le protocole, pas des tuiles d&apos;une seule évaluation.</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate.py:176; core/protocols.py:242</extracomment>
        <source>The protocol {} covers {}, not {}.</source>
        <translation>Le protocole {} couvre {}, pas {}.</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate.py:277</extracomment>
        <source>no metric could be computed; {}</source>
        <translation>aucune métrique n&apos;a pu être calculée ; {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate_pixels.py:72</extracomment>
        <source>The pixel metrics are off, yet the metrics chosen include {}: leave them out or turn the pixel metrics on.</source>
        <translation>Les métriques pixel sont désactivées, mais les métriques choisies comprennent {} : retirez-les ou activez les métriques pixel.</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate_pixels.py:107</extracomment>
        <source>the two rasters are in different CRSs: warp one onto the other&apos;s grid</source>
        <translation>les deux rasters sont dans des SCR différents : reprojetez l&apos;un sur la grille de l&apos;autre</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate_pixels.py:109</extracomment>
        <source>different grids ({} x {} and {} x {} pixels): warp one onto the other</source>
        <translation>grilles différentes ({} x {} et {} x {} pixels) : reprojetez l&apos;un sur l&apos;autre</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate_pixels.py:114</extracomment>
        <source>different grids (same size, other geotransforms): warp one onto the other</source>
        <translation>grilles différentes (même taille, autres géotransformations) : reprojetez l&apos;un sur l&apos;autre</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate_pixels.py:122</extracomment>
        <source>the pixel metrics are not run tile by tile: evaluate the whole extent (no tiles) to score the two rasters pixel by pixel</source>
        <translation>les métriques pixel ne sont pas calculées tuile par tuile : évaluez l&apos;emprise entière (sans tuiles) pour comparer les deux rasters pixel par pixel</translation>
    </message>
    <message>
        <extracomment>core/analysis/evaluate_pixels.py:125</extracomment>
        <source>the pixel metrics are not run: {}</source>
        <translation>les métriques pixel ne sont pas calculées : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/paired.py:212</extracomment>
        <source>{} chip(s) are not in every run and are left out of the paired statistics: {}</source>
        <translation>{} tuile(s) ne sont pas dans toutes les exécutions et sont exclues des statistiques appariées : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/paired.py:274</extracomment>
        <source>compare-runs needs at least two runs, got {}</source>
        <translation>compare-runs demande au moins deux exécutions, reçu {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/paired.py:276</extracomment>
        <source>run names must be unique, got {}</source>
        <translation>les noms des exécutions doivent être uniques, reçu {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/paired.py:279</extracomment>
        <source>the runs have {} chip(s) in common: nothing to compare</source>
        <translation>les exécutions ont {} tuile(s) en commun : rien à comparer</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:86; optp: output N_INTERRUPTIONS label</extracomment>
        <source>Interruptions</source>
        <translation>Coupures</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:87</extracomment>
        <source>Overconnections</source>
        <translation>Surconnexions</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:88</extracomment>
        <source>Perturbations</source>
        <translation>Déplacements</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:89</extracomment>
        <source>Doubled roads</source>
        <translation>Routes doublées</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:90</extracomment>
        <source>Doubled roads (ground truth)</source>
        <translation>Routes doublées (vérité terrain)</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:91</extracomment>
        <source>False positives far away</source>
        <translation>Faux positifs éloignés</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:174</extracomment>
        <source>{} must be &gt; 0, got {}</source>
        <translation>{} doit être &gt; 0, reçu {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:176</extracomment>
        <source>MIN_LINK ({}) must not exceed MAX_LINK ({})</source>
        <translation>MIN_LINK ({}) ne doit pas dépasser MAX_LINK ({})</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:179</extracomment>
        <source>DETOUR_FACTOR must be &gt;= 1, got {}</source>
        <translation>DETOUR_FACTOR doit être &gt;= 1, reçu {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:181</extracomment>
        <source>MERGE_TOLERANCE must be &gt;= 0</source>
        <translation>MERGE_TOLERANCE doit être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:192</extracomment>
        <source>unknown ERROR_TYPE {!r}; choose one of {}</source>
        <translation>ERROR_TYPE {!r} inconnu ; choisissez parmi {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:201</extracomment>
        <source>the input layer has no line to perturb</source>
        <translation>la couche d&apos;entrée n&apos;a aucune ligne à perturber</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:202</extracomment>
        <source>{}: placing {} error(s)</source>
        <translation>{} : placement de {} erreur(s)</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:223</extracomment>
        <source>the removals leave no ground truth: lower COUNT or REMOVAL_RADIUS</source>
        <translation>les suppressions ne laissent aucune vérité terrain : diminuez COUNT ou REMOVAL_RADIUS</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:234</extracomment>
        <source>only {} of {} {} fit in this network; {}</source>
        <translation>seulement {} sur {} ({}) tiennent dans ce réseau ; {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:270</extracomment>
        <source>interruptions</source>
        <translation>coupures</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:271</extracomment>
        <source>each needs 3 x GAP_LENGTH of road between two junctions; lower COUNT or GAP_LENGTH</source>
        <translation>chacune demande 3 x GAP_LENGTH de route entre deux carrefours ; diminuez COUNT ou GAP_LENGTH</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:369</extracomment>
        <source>overconnections</source>
        <translation>surconnexions</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:370</extracomment>
        <source>lower COUNT or DETOUR_FACTOR, or widen MIN_LINK - MAX_LINK</source>
        <translation>diminuez COUNT ou DETOUR_FACTOR, ou élargissez MIN_LINK - MAX_LINK</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:487; core/analysis/perturb.py:507</extracomment>
        <source>perturbations</source>
        <translation>déplacements</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:488</extracomment>
        <source>a perturbation displaces one node (junction or dead end); lower COUNT</source>
        <translation>un déplacement déplace un nœud (carrefour ou impasse) ; diminuez COUNT</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:508</extracomment>
        <source>nodes could not be moved without crossing other roads; lower COUNT or MAX_SHIFT</source>
        <translation>des nœuds n&apos;ont pas pu être déplacés sans croiser d&apos;autres routes ; diminuez COUNT ou MAX_SHIFT</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:570</extracomment>
        <source>doubled roads</source>
        <translation>routes doublées</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:571</extracomment>
        <source>one copy per road between junctions (roads of at least {:g} m without bends over 60 degrees); lower COUNT, DOUBLE_SHIFT or DOUBLE_LENGTH</source>
        <translation>une copie par route entre carrefours (routes d&apos;au moins {:g} m sans virage de plus de 60 degrés) ; diminuez COUNT, DOUBLE_SHIFT ou DOUBLE_LENGTH</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:596</extracomment>
        <source>removals</source>
        <translation>suppressions</translation>
    </message>
    <message>
        <extracomment>core/analysis/perturb.py:597</extracomment>
        <source>disc centres must be 2 x REMOVAL_RADIUS apart; lower COUNT or REMOVAL_RADIUS</source>
        <translation>les centres des disques doivent être distants de 2 x REMOVAL_RADIUS ; diminuez COUNT ou REMOVAL_RADIUS</translation>
    </message>
    <message>
        <extracomment>core/analysis/scoring.py:57</extracomment>
        <source>SCORES must be &apos;headline&apos; or &apos;all&apos;</source>
        <translation>SCORES doit valoir « headline » ou « all »</translation>
    </message>
    <message>
        <extracomment>core/analysis/sensitivity.py:58</extracomment>
        <source>COUNTS must be a list of integers like &apos;0, 5, 10, 20, 40&apos;, got {!r}</source>
        <translation>COUNTS doit être une liste d&apos;entiers comme « 0, 5, 10, 20, 40 », reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/analysis/sensitivity.py:61</extracomment>
        <source>COUNTS must not be negative</source>
        <translation>COUNTS ne doit pas être négatif</translation>
    </message>
    <message>
        <extracomment>core/analysis/sensitivity.py:65</extracomment>
        <source>COUNTS needs at least one count above 0</source>
        <translation>COUNTS demande au moins un nombre supérieur à 0</translation>
    </message>
    <message>
        <extracomment>core/analysis/sensitivity.py:175</extracomment>
        <source>unknown error type {!r}; choose among {}</source>
        <translation>type d&apos;erreur {!r} inconnu ; choisissez parmi {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/sensitivity.py:182</extracomment>
        <source>REPETITIONS must be &gt;= 1</source>
        <translation>REPETITIONS doit être &gt;= 1</translation>
    </message>
    <message>
        <extracomment>core/analysis/sensitivity.py:184</extracomment>
        <source>FLAT_THRESHOLD must be &gt;= 0</source>
        <translation>FLAT_THRESHOLD doit être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/analysis/sensitivity.py:217</extracomment>
        <source>{}: {} failed: {}</source>
        <translation>{} : {} en échec : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:77</extracomment>
        <source>TILE_SIZE must be &gt; 0 for a grid</source>
        <translation>TILE_SIZE doit être &gt; 0 pour une grille</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:81</extracomment>
        <source>TILE_SIZE {} gives {} tiles; choose a larger size</source>
        <translation>TILE_SIZE {} donne {} tuiles ; choisissez une taille plus grande</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:295; core/analysis/tiles.py:307</extracomment>
        <source>clipping tiles</source>
        <translation>découpage des tuiles</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:459</extracomment>
        <source>{}: no pooled rule; the mean of tile scores is used</source>
        <translation>{} : pas de règle de cumul ; la moyenne des scores des tuiles est utilisée</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:473</extracomment>
        <source>{}: {} undefined (NaN) in {} tile(s), left out of the mean</source>
        <translation>{} : {} indéfini (NaN) dans {} tuile(s), exclues de la moyenne</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:507</extracomment>
        <source>{}: fewer than two tiles: no interval</source>
        <translation>{} : moins de deux tuiles : pas d&apos;intervalle</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:513</extracomment>
        <source>{}&apos;s pooled rule is not a sum of counts: no pooled interval over {} tiles</source>
        <translation>la règle de cumul de {} n&apos;est pas une somme de décomptes : pas d&apos;intervalle cumulé sur {} tuiles</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:572</extracomment>
        <source>AGGREGATION must be &apos;pooled&apos; or &apos;mean&apos;</source>
        <translation>AGGREGATION doit valoir « pooled » ou « mean »</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:574</extracomment>
        <source>EMPTY_TILES must be &apos;skip&apos;, &apos;worst&apos; or &apos;best&apos;</source>
        <translation>EMPTY_TILES doit valoir « skip », « worst » ou « best »</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:596</extracomment>
        <source>tile {}: {} failed: {}</source>
        <translation>tuile {} : {} en échec : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:599</extracomment>
        <source>tile {} failed: {}</source>
        <translation>tuile {} en échec : {}</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:604</extracomment>
        <source>{} of {} tile(s) have no ground truth (EMPTY_TILES = {})</source>
        <translation>{} tuile(s) sur {} sans vérité terrain (EMPTY_TILES = {})</translation>
    </message>
    <message>
        <extracomment>core/analysis/tiles.py:606</extracomment>
        <source>confidence intervals</source>
        <translation>intervalles de confiance</translation>
    </message>
    <message>
        <extracomment>core/classes.py:38; core/metrics/instances/instances.py:85</extracomment>
        <source>CLASS_FIELD &apos;{}&apos; is missing from the {} layer; the class field must exist (same name) on both layers</source>
        <translation>CLASS_FIELD « {} » est absent de la couche {} ; le champ de classe doit exister (même nom) sur les deux couches</translation>
    </message>
    <message>
        <extracomment>core/crs.py:124</extracomment>
        <source>The unit of the ground truth&apos;s CRS ({}) is unknown: coordinates are assumed to be in metres.</source>
        <translation>L&apos;unité du SCR de la vérité terrain ({}) est inconnue : les coordonnées sont supposées être en mètres.</translation>
    </message>
    <message>
        <extracomment>core/crs.py:131</extracomment>
        <source>The ground truth&apos;s CRS ({}) is not in metres (or not true to scale at the data) and cannot be transformed to WGS 84 to choose a metric UTM zone. Reproject both layers to a metric CRS first.</source>
        <translation>Le SCR de la vérité terrain ({}) n&apos;est pas en mètres (ou n&apos;est pas à l&apos;échelle réelle à l&apos;emplacement des données) et ne peut pas être transformé en WGS 84 pour choisir une zone UTM métrique. Reprojetez d&apos;abord les deux couches dans un SCR métrique.</translation>
    </message>
    <message>
        <extracomment>core/crs.py:138</extracomment>
        <source>The ground truth is in a geographic CRS ({}): both layers are reprojected to {} and all distances are in metres.</source>
        <translation>La vérité terrain est dans un SCR géographique ({}) : les deux couches sont reprojetées en {} et toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>core/crs.py:142</extracomment>
        <source>The ground truth&apos;s CRS is not in metres: both layers are reprojected, {} ({}) -&gt; {} (metres), and all distances are in metres.</source>
        <translation>Le SCR de la vérité terrain n&apos;est pas en mètres : les deux couches sont reprojetées, {} ({}) -&gt; {} (mètres), et toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>core/crs.py:147</extracomment>
        <source>The ground truth&apos;s CRS ({}) is in metres, but one of its metres is {} m on the ground at the data (scale {}, as in Web Mercator away from the equator): both layers are reprojected to {} (metres) and all distances are in metres.</source>
        <translation>Le SCR de la vérité terrain ({}) est en mètres, mais l&apos;un de ses mètres vaut {} m sur le terrain à l&apos;emplacement des données (échelle {}, comme en Web Mercator loin de l&apos;équateur) : les deux couches sont reprojetées en {} (mètres) et toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>core/crs.py:164</extracomment>
        <source>The ground truth has no CRS and the prediction is in {} ({}): they cannot be put in one frame in metres. Give the ground truth its CRS, or give both in the same projected CRS in metres.</source>
        <translation>La vérité terrain n&apos;a pas de SCR et la prédiction est en {} ({}) : on ne peut pas les placer dans un même repère en mètres. Donnez son SCR à la vérité terrain, ou donnez les deux dans le même SCR projeté en mètres.</translation>
    </message>
    <message>
        <extracomment>core/crs.py:168</extracomment>
        <source>The ground truth has no CRS, so the prediction&apos;s CRS ({}) is ignored: both are used as they are, assumed to be in the same coordinates, in metres.</source>
        <translation>La vérité terrain n&apos;a pas de SCR, donc le SCR de la prédiction ({}) est ignoré : les deux sont utilisées telles quelles, supposées dans les mêmes coordonnées, en mètres.</translation>
    </message>
    <message>
        <extracomment>core/executor.py:98; core/reports/tool_reports.py:285</extracomment>
        <source>tile {}</source>
        <translation>tuile {}</translation>
    </message>
    <message>
        <extracomment>core/executor.py:199</extracomment>
        <source>tile {} done</source>
        <translation>tuile {} terminée</translation>
    </message>
    <message>
        <extracomment>core/executor.py:234</extracomment>
        <source>tile {} failed</source>
        <translation>tuile {} en échec</translation>
    </message>
    <message>
        <extracomment>core/executor.py:522</extracomment>
        <source>{} done</source>
        <translation>{} terminé</translation>
    </message>
    <message>
        <extracomment>core/executor.py:739</extracomment>
        <source>DASK_SCHEDULER is set but the &apos;distributed&apos; package is not installed (pip install distributed)</source>
        <translation>DASK_SCHEDULER est renseigné mais le paquet « distributed » n&apos;est pas installé (pip install distributed)</translation>
    </message>
    <message>
        <extracomment>core/executor.py:762</extracomment>
        <source>tile {} done (dask)</source>
        <translation>tuile {} terminée (dask)</translation>
    </message>
    <message>
        <extracomment>core/executor.py:788</extracomment>
        <source>the Dask workers {} cannot import &apos;{}&apos;: put the folder that holds the plugin (&apos;{}&apos;) on their PYTHONPATH</source>
        <translation>les workers Dask {} ne peuvent pas importer « {} » : ajoutez le dossier qui contient l&apos;extension (« {} ») à leur PYTHONPATH</translation>
    </message>
    <message>
        <extracomment>core/geometry/shapely_support.py:47</extracomment>
        <source>{}, item {}: not valid WKT: &apos;{}&apos;.</source>
        <translation>{}, élément {} : WKT invalide : « {} ».</translation>
    </message>
    <message>
        <extracomment>core/io/adjacency.py:50</extracomment>
        <source>{}: this pickle names {}, which a graph pickle does not need: it is not read (unpickling can run code).</source>
        <translation>{} : ce pickle nomme {}, dont un pickle de graphe n&apos;a pas besoin : il n&apos;est pas lu (dépickler peut exécuter du code).</translation>
    </message>
    <message>
        <extracomment>core/io/adjacency.py:54</extracomment>
        <source>{} cannot be read as a pickle ({}).</source>
        <translation>{} ne peut pas être lu comme un pickle ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/adjacency.py:58</extracomment>
        <source>{}: the pickle holds a {}, not an adjacency dict {{(a, b): [(a2, b2), ...]}} (Sat2Graph / SAM-Road graph pickles).</source>
        <translation>{} : le pickle contient un {}, pas un dictionnaire d&apos;adjacence {{(a, b): [(a2, b2), ...]}} (pickles de graphes de Sat2Graph / SAM-Road).</translation>
    </message>
    <message>
        <extracomment>core/io/geojson.py:69</extracomment>
        <source>{} is not a readable GeoJSON file ({}).</source>
        <translation>{} n&apos;est pas un fichier GeoJSON lisible ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/geojson.py:71</extracomment>
        <source>{} is not GeoJSON (no &apos;type&apos; member).</source>
        <translation>{} n&apos;est pas du GeoJSON (pas de membre « type »).</translation>
    </message>
    <message>
        <extracomment>core/io/geojson.py:75</extracomment>
        <source>{}: &apos;features&apos; must be a list.</source>
        <translation>{} : « features » doit être une liste.</translation>
    </message>
    <message>
        <extracomment>core/io/geojson.py:97</extracomment>
        <source>{}: coordinates are not longitude / latitude and the file names no CRS: they are used as they are, in metres.</source>
        <translation>{} : les coordonnées ne sont pas des longitudes / latitudes et le fichier n&apos;indique aucun SCR : elles sont utilisées telles quelles, en mètres.</translation>
    </message>
    <message>
        <extracomment>core/io/geotiff.py:78</extracomment>
        <source>A map must be a 2-D uint8 array, got {} {}.</source>
        <translation>Une carte doit être un tableau 2D de type uint8 ; reçu {} {}.</translation>
    </message>
    <message>
        <extracomment>core/io/geotiff.py:90</extracomment>
        <source>The map {} cannot be written ({}).</source>
        <translation>La carte {} ne peut pas être écrite ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/geotiff.py:94</extracomment>
        <source>Writing the map {} needs rasterio (pip install rasterio) or GDAL&apos;s Python bindings.</source>
        <translation>L&apos;écriture de la carte {} nécessite rasterio (pip install rasterio) ou les liaisons Python de GDAL.</translation>
    </message>
    <message>
        <extracomment>core/io/geotiff.py:145</extracomment>
        <source>GDAL has no driver {} to write {}.</source>
        <translation>GDAL n&apos;a pas de pilote {} pour écrire {}.</translation>
    </message>
    <message>
        <extracomment>core/io/gpkg.py:23</extracomment>
        <source>not a GeoPackage geometry</source>
        <translation>ce n&apos;est pas une géométrie GeoPackage</translation>
    </message>
    <message>
        <extracomment>core/io/gpkg.py:27</extracomment>
        <source>bad GeoPackage envelope</source>
        <translation>enveloppe GeoPackage invalide</translation>
    </message>
    <message>
        <extracomment>core/io/gpkg.py:47</extracomment>
        <source>{} is not a readable GeoPackage ({}).</source>
        <translation>{} n&apos;est pas un GeoPackage lisible ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/gpkg.py:68</extracomment>
        <source>{} holds {} layers ({}): name one with &apos;{}|layername=NAME&apos;.</source>
        <translation>{} contient {} couches ({}) : désignez-en une avec « {}|layername=NOM ».</translation>
    </message>
    <message>
        <extracomment>core/io/gpkg.py:73</extracomment>
        <source>{} has no layer &apos;{}&apos; (layers: {}).</source>
        <translation>{} n&apos;a pas de couche « {} » (couches : {}).</translation>
    </message>
    <message>
        <extracomment>core/io/gpkg.py:94</extracomment>
        <source>{}: cannot read layer &apos;{}&apos; ({}).</source>
        <translation>{} : impossible de lire la couche « {} » ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:58</extracomment>
        <source>{}: node_xy must be two attribute names, one attribute name or &apos;key&apos;, not {!r}.</source>
        <translation>{} : node_xy doit être formé de deux noms d&apos;attributs, d&apos;un nom d&apos;attribut ou de &apos;key&apos;, et non {!r}.</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:65</extracomment>
        <source>{}: the graph&apos;s nodes have no coordinates (neither &apos;x&apos; / &apos;y&apos; nor &apos;pos&apos; on every node); name them with node_xy=(&apos;x_attr&apos;, &apos;y_attr&apos;), node_xy=&apos;attr&apos; or node_xy=&apos;key&apos; for (x, y) node keys.</source>
        <translation>{} : les nœuds du graphe n&apos;ont pas de coordonnées (ni &apos;x&apos; / &apos;y&apos; ni &apos;pos&apos; sur chaque nœud) ; indiquez-les avec node_xy=(&apos;x_attr&apos;, &apos;y_attr&apos;), node_xy=&apos;attr&apos; ou node_xy=&apos;key&apos; pour des clés de nœuds (x, y).</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:102</extracomment>
        <source>{}: edge ({}, {}) has no usable coordinates.</source>
        <translation>{} : l&apos;arête ({}, {}) n&apos;a pas de coordonnées exploitables.</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:118</extracomment>
        <source>{}: edge ({}, {}) has a geometry that is neither a shapely line nor WKT / WKB text: {!r}.</source>
        <translation>{} : l&apos;arête ({}, {}) a une géométrie qui n&apos;est ni une ligne shapely ni un texte WKT / WKB : {!r}.</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:145</extracomment>
        <source>{}: the geometry of {} edge(s) does not end at its nodes&apos; coordinates (up to {:.6g} {} away, e.g. edge ({}, {})): the geometries are scored, the node coordinates are not used.</source>
        <translation>{} : la géométrie de {} arête(s) ne se termine pas aux coordonnées de ses nœuds (jusqu&apos;à {:.6g} {} d&apos;écart, par exemple l&apos;arête ({}, {})) : les géométries sont évaluées, les coordonnées des nœuds ne sont pas utilisées.</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:148; core/raster/rasterinput.py:40; boundaryf: parameter ANGLE_TOLERANCE unit; pixel_boundaryf: parameter ANGLE_TOLERANCE unit</extracomment>
        <source>degrees</source>
        <translation>degrés</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:148</extracomment>
        <source>coordinate units</source>
        <translation>unités de coordonnées</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:168</extracomment>
        <source>{}: sknw edge ({}, {}) has no usable &apos;pts&apos; / &apos;o&apos; (row, col) coordinates.</source>
        <translation>{} : l&apos;arête sknw ({}, {}) n&apos;a pas de coordonnées &apos;pts&apos; / &apos;o&apos; (ligne, colonne) utilisables.</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:203</extracomment>
        <source>{}: axes applies to graphs, graph pickles and adjacency dicts (their coordinate order), not to this input, whose coordinates are (x, y).</source>
        <translation>{} : axes s&apos;applique aux graphes, aux pickles de graphes et aux dictionnaires d&apos;adjacence (l&apos;ordre de leurs coordonnées), pas à cette entrée, dont les coordonnées sont (x, y).</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:209</extracomment>
        <source>{}: axes must be &apos;xy&apos; (coordinates are x, y) or &apos;rowcol&apos; (row, col, as Sat2Graph&apos;s pickles and sknw), not {!r}.</source>
        <translation>{} : axes doit valoir &apos;xy&apos; (coordonnées x, y) ou &apos;rowcol&apos; (ligne, colonne, comme les pickles de Sat2Graph et sknw), pas {!r}.</translation>
    </message>
    <message>
        <extracomment>core/io/graphs.py:282</extracomment>
        <source>{}: the neighbours of vertex {} must be a list of (a, b) pairs, got {!r}.</source>
        <translation>{} : les voisins du sommet {} doivent être une liste de paires (a, b), reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/io/ogr.py:24</extracomment>
        <source>{}: reading this format needs pyogrio (pip install pyogrio) or GDAL&apos;s Python bindings; GeoPackage, GeoJSON, RoadTracer .graph and SpaceNet CSV files are read without them.</source>
        <translation>{} : la lecture de ce format nécessite pyogrio (pip install pyogrio) ou les liaisons Python de GDAL ; les fichiers GeoPackage, GeoJSON, .graph de RoadTracer et CSV de SpaceNet sont lus sans eux.</translation>
    </message>
    <message>
        <extracomment>core/io/ogr.py:40</extracomment>
        <source>{} cannot be read ({}).</source>
        <translation>Impossible de lire {} ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/ogr.py:61</extracomment>
        <source>{}: no such layer.</source>
        <translation>{} : couche introuvable.</translation>
    </message>
    <message>
        <extracomment>core/io/read.py:40</extracomment>
        <source>{}: no such file or folder.</source>
        <translation>{} : fichier ou dossier introuvable.</translation>
    </message>
    <message>
        <extracomment>core/io/read.py:42</extracomment>
        <source>{}: not readable (permissions).</source>
        <translation>{} : lecture impossible (droits d&apos;accès).</translation>
    </message>
    <message>
        <extracomment>core/io/read.py:57</extracomment>
        <source>{} holds {} SpaceNet chips (ImageIds); score them with &apos;roadmetrics batch METRIC --spacenet GT.csv PROPOSAL.csv&apos;.</source>
        <translation>{} contient {} tuiles SpaceNet (ImageIds) ; évaluez-les avec « roadmetrics batch METRIC --spacenet GT.csv PROPOSAL.csv ».</translation>
    </message>
    <message>
        <extracomment>core/io/roadtracer.py:23</extracomment>
        <source>{} is not a readable RoadTracer .graph file ({}).</source>
        <translation>{} n&apos;est pas un fichier .graph RoadTracer lisible ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/roadtracer.py:33</extracomment>
        <source>{}: edge &apos;{} {}&apos; names a vertex that does not exist ({} vertices).</source>
        <translation>{} : l&apos;arête « {} {} » désigne un sommet qui n&apos;existe pas ({} sommets).</translation>
    </message>
    <message>
        <extracomment>core/io/roadtracer.py:57</extracomment>
        <source>{}, line {}: expected a vertex line &apos;x y&apos;, got &apos;{}&apos;.</source>
        <translation>{}, ligne {} : ligne de sommet « x y » attendue, reçu « {} ».</translation>
    </message>
    <message>
        <extracomment>core/io/roadtracer.py:59</extracomment>
        <source>{}, line {}: expected an edge line &apos;i j&apos;, got &apos;{}&apos;.</source>
        <translation>{}, ligne {} : ligne d&apos;arête « i j » attendue, reçu « {} ».</translation>
    </message>
    <message>
        <extracomment>core/io/roadtracer.py:63</extracomment>
        <source>{}: non-finite vertex coordinates.</source>
        <translation>{} : coordonnées de sommet non finies.</translation>
    </message>
    <message>
        <extracomment>core/io/shapes.py:46</extracomment>
        <source>{}: a 2-D array of shape {} is not a line&apos;s (k, 2) coordinates; a raster mask or probability map needs its position and pixel size: give centrelines(array, transform or pixel_size=...) or a GeoTIFF path.</source>
        <translation>{} : un tableau 2D de forme {} n&apos;est pas un tableau de coordonnées (k, 2) d&apos;une ligne ; un masque raster ou une carte de probabilité a besoin de sa position et de la taille de ses pixels : indiquez centrelines(array, transform or pixel_size=...) ou le chemin d&apos;un GeoTIFF.</translation>
    </message>
    <message>
        <extracomment>core/io/shapes.py:67</extracomment>
        <source>{}: cannot read lines from a {}.</source>
        <translation>{} : impossible de lire des lignes dans un objet {}.</translation>
    </message>
    <message>
        <extracomment>core/io/shapes.py:83</extracomment>
        <source>{}, item {}: not a line (a {}).</source>
        <translation>{}, élément {} : ce n&apos;est pas une ligne (objet {}).</translation>
    </message>
    <message>
        <extracomment>core/io/shapes.py:86</extracomment>
        <source>{}, item {}: coordinates must be a (k, 2) array, got shape {}.</source>
        <translation>{}, élément {} : les coordonnées doivent être un tableau (k, 2), reçu un tableau de forme {}.</translation>
    </message>
    <message>
        <extracomment>core/io/source.py:44</extracomment>
        <source>{}: {} invalid line part(s) skipped (fewer than two distinct vertices or non-finite coordinates).</source>
        <translation>{} : {} partie(s) de ligne invalide(s) ignorée(s) (moins de deux sommets distincts ou coordonnées non finies).</translation>
    </message>
    <message>
        <extracomment>core/io/source.py:174</extracomment>
        <source>{}: {} feature(s) that are not lines skipped.</source>
        <translation>{} : {} entité(s) autres que des lignes ignorée(s).</translation>
    </message>
    <message>
        <extracomment>core/io/source.py:180</extracomment>
        <source>{} contains no lines: {} feature(s), none of them a LineString or MultiLineString.</source>
        <translation>{} ne contient aucune ligne : {} entité(s), dont aucune n&apos;est une LineString ou une MultiLineString.</translation>
    </message>
    <message>
        <extracomment>core/io/spacenet.py:48</extracomment>
        <source>{} is not a readable CSV file ({}).</source>
        <translation>{} n&apos;est pas un fichier CSV lisible ({}).</translation>
    </message>
    <message>
        <extracomment>core/io/spacenet.py:51</extracomment>
        <source>{} is not a SpaceNet road CSV: column(s) {} missing (found: {}).</source>
        <translation>{} n&apos;est pas un CSV de routes SpaceNet : colonne(s) {} manquante(s) (trouvées : {}).</translation>
    </message>
    <message>
        <extracomment>core/io/spacenet.py:60</extracomment>
        <source>{}, row {}: empty ImageId.</source>
        <translation>{}, ligne {} : ImageId vide.</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/boundaryf.py:199</extracomment>
        <source>STRATEGY must be one of {}, got {!r}</source>
        <translation>STRATEGY doit être parmi {}, reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/boundaryf.py:205; core/metrics/geometric/ccq.py:91; core/metrics/geometric/cldice.py:94; core/metrics/geometric/distances.py:89; core/metrics/junctions/junct.py:130; core/metrics/junctions/optj.py:164; core/metrics/paths/apls.py:363; core/metrics/paths/optp.py:86; core/metrics/paths/tlts.py:99; core/metrics/subgraphs/optg.py:62; core/metrics/subgraphs/subg.py:88; core/metrics/subgraphs/topo.py:90</extracomment>
        <source>building networks</source>
        <translation>construction des réseaux</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/boundaryf.py:211</extracomment>
        <source>matching ({})</source>
        <translation>appariement ({})</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/ccq.py:80</extracomment>
        <source>no part of the prediction lies within BUFFER of the ground truth: REDUNDANCY and RMS_OFFSET undefined (NaN)</source>
        <translation>aucune partie de la prédiction n&apos;est à moins de BUFFER de la vérité terrain : REDUNDANCY et RMS_OFFSET indéfinis (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/ccq.py:93</extracomment>
        <source>cutting the lines at the buffers</source>
        <translation>découpage des lignes aux tampons</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/ccq.py:97</extracomment>
        <source>distances along the lines</source>
        <translation>distances le long des lignes</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/ccq.py:105; core/metrics/geometric/cldice.py:103; core/metrics/geometric/distances.py:135</extracomment>
        <source>output layers</source>
        <translation>couches de sortie</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/cldice.py:52</extracomment>
        <source>{} has no field &apos;{}&apos;: DEFAULT_WIDTH used for all of it</source>
        <translation>{} n&apos;a pas de champ « {} » : DEFAULT_WIDTH utilisée partout</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/cldice.py:67</extracomment>
        <source>{}: {} line part(s) without a valid width in &apos;{}&apos; use DEFAULT_WIDTH</source>
        <translation>{} : {} partie(s) de lignes sans largeur valide dans « {} » utilisent DEFAULT_WIDTH</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/cldice.py:98</extracomment>
        <source>cutting the centrelines at the road regions</source>
        <translation>découpage des axes aux emprises des routes</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/common.py:75</extracomment>
        <source>both networks are empty: {}</source>
        <translation>les deux réseaux sont vides : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/common.py:76</extracomment>
        <source>the ground truth is empty: {}</source>
        <translation>la vérité terrain est vide : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/common.py:77</extracomment>
        <source>the prediction is empty: {}</source>
        <translation>la prédiction est vide : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/distances.py:99; core/metrics/pixel/pixel_distances.py:113</extracomment>
        <source>distances from the ground truth</source>
        <translation>distances depuis la vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/distances.py:101</extracomment>
        <source>Hausdorff distance</source>
        <translation>distance de Hausdorff</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/distances.py:109</extracomment>
        <source>lines within the tolerance</source>
        <translation>lignes dans la tolérance</translation>
    </message>
    <message>
        <extracomment>core/metrics/geometric/distances.py:112</extracomment>
        <source>neighbourhood areas</source>
        <translation>surfaces des voisinages</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:95</extracomment>
        <source>CONFIDENCE_FIELD &apos;{}&apos; is missing from the prediction layer</source>
        <translation>CONFIDENCE_FIELD « {} » est absent de la couche de prédiction</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:103</extracomment>
        <source>CONFIDENCE_FIELD &apos;{}&apos; must be numeric; feature {} has {!r}</source>
        <translation>CONFIDENCE_FIELD « {} » doit être numérique ; l&apos;entité {} a {!r}</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:107</extracomment>
        <source>prediction: {} feature(s) without a numeric confidence in &apos;{}&apos; rank below every other prediction</source>
        <translation>prédiction : {} entité(s) sans confiance numérique dans « {} » sont classées après toutes les autres</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:359</extracomment>
        <source>building instances</source>
        <translation>construction des instances</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:362</extracomment>
        <source>finding line pairs within the tolerance</source>
        <translation>recherche des paires de lignes dans la tolérance</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:364</extracomment>
        <source>matching</source>
        <translation>appariement</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:407</extracomment>
        <source>TOLERANCE must be &gt; 0</source>
        <translation>TOLERANCE doit être &gt; 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:409</extracomment>
        <source>MIN_LENGTH must be &gt;= 0</source>
        <translation>MIN_LENGTH doit être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:411</extracomment>
        <source>OVERLAP must be &apos;area&apos; or &apos;length&apos;</source>
        <translation>OVERLAP doit valoir « area » ou « length »</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:432; core/network/lineset.py:198</extracomment>
        <source>ground truth: {}</source>
        <translation>vérité terrain : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:433; core/network/lineset.py:199</extracomment>
        <source>prediction: {}</source>
        <translation>prédiction : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:452</extracomment>
        <source>class confusion</source>
        <translation>confusion des classes</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:455</extracomment>
        <source>instance overlaps</source>
        <translation>recouvrements des instances</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:492</extracomment>
        <source>both layers are empty: every score is undefined (NaN)</source>
        <translation>les deux couches sont vides : tous les scores sont indéfinis (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:494</extracomment>
        <source>no ground-truth instance to find (none, or all shorter than MIN_LENGTH): AP is undefined (NaN)</source>
        <translation>aucune instance de vérité terrain à trouver (aucune, ou toutes plus courtes que MIN_LENGTH) : AP est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/instances/instances.py:497</extracomment>
        <source>the prediction is empty: AP = 0, IoU = 0</source>
        <translation>la prédiction est vide : AP = 0, IoU = 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:123</extracomment>
        <source>CLUSTER_RADIUS and MATCH_RADIUS must be &gt;= 0</source>
        <translation>CLUSTER_RADIUS et MATCH_RADIUS doivent être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:125</extracomment>
        <source>DIRECTION_DISTANCE must be &gt; 0</source>
        <translation>DIRECTION_DISTANCE doit être &gt; 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:127</extracomment>
        <source>ANGLE_TOLERANCE must be in (0, 180] degrees</source>
        <translation>ANGLE_TOLERANCE doit être dans ]0, 180] degrés</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:132</extracomment>
        <source>clustering junctions</source>
        <translation>regroupement des carrefours</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:135</extracomment>
        <source>matching junctions</source>
        <translation>appariement des carrefours</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:144</extracomment>
        <source>the ground truth is empty: JUNCT is undefined (NaN)</source>
        <translation>la vérité terrain est vide : JUNCT est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:147</extracomment>
        <source>the prediction is empty: F_CORRECT = 0, F_ERROR undefined (NaN), F1 = 0</source>
        <translation>la prédiction est vide : F_CORRECT = 0, F_ERROR indéfini (NaN), F1 = 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:151</extracomment>
        <source>neither network has a junction (node with &gt;= 3 roads): F_CORRECT = 1, F_ERROR = 0 by convention (nothing to find, nothing spurious)</source>
        <translation>aucun des réseaux n&apos;a de carrefour (nœud à 3 routes ou plus) : F_CORRECT = 1, F_ERROR = 0 par convention (rien à trouver, rien en trop)</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:154</extracomment>
        <source>the ground truth has no junction: F_CORRECT is undefined (NaN)</source>
        <translation>la vérité terrain n&apos;a aucun carrefour : F_CORRECT est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:156</extracomment>
        <source>the prediction has no junction: F_CORRECT = 0, F_ERROR undefined (NaN)</source>
        <translation>la prédiction n&apos;a aucun carrefour : F_CORRECT = 0, F_ERROR indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/junct.py:170; core/metrics/junctions/optj.py:206</extracomment>
        <source>writing layers</source>
        <translation>écriture des couches</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:160</extracomment>
        <source>MAX_DISTANCE must be &gt;= 0</source>
        <translation>MAX_DISTANCE doit être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:162</extracomment>
        <source>ALPHA must be &gt;= 0</source>
        <translation>ALPHA doit être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:166</extracomment>
        <source>finding features</source>
        <translation>recherche des éléments</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:168</extracomment>
        <source>matching features</source>
        <translation>appariement des éléments</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:177</extracomment>
        <source>the ground truth is empty: OPT-J is undefined (NaN)</source>
        <translation>la vérité terrain est vide : OPT-J est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:180</extracomment>
        <source>the prediction is empty: RECALL = 0, PRECISION undefined (NaN), F1 = 0</source>
        <translation>la prédiction est vide : RECALL = 0, PRECISION indéfinie (NaN), F1 = 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:184</extracomment>
        <source>neither network has a junction or a dead end (closed rings only): PRECISION = RECALL = 1 by convention (nothing to find, nothing spurious)</source>
        <translation>aucun des réseaux n&apos;a de carrefour ni d&apos;impasse (boucles fermées seulement) : PRECISION = RECALL = 1 par convention (rien à trouver, rien en trop)</translation>
    </message>
    <message>
        <extracomment>core/metrics/junctions/optj.py:188</extracomment>
        <source>the ground truth has no junction or dead end: RECALL is undefined (NaN)</source>
        <translation>la vérité terrain n&apos;a ni carrefour ni impasse : RECALL est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:329</extracomment>
        <source>DEFAULT_SPEED must be &gt; 0</source>
        <translation>DEFAULT_SPEED doit être &gt; 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:332</extracomment>
        <source>{} has no field &apos;{}&apos;: DEFAULT_SPEED used for all of it</source>
        <translation>{} n&apos;a pas de champ « {} » : DEFAULT_SPEED utilisée partout</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:343</extracomment>
        <source>{}: {} line part(s) without a valid speed in &apos;{}&apos; use DEFAULT_SPEED</source>
        <translation>{} : {} partie(s) de lignes sans vitesse valide dans « {} » utilisent DEFAULT_SPEED</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:365</extracomment>
        <source>snapping control points</source>
        <translation>accrochage des points de contrôle</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:374</extracomment>
        <source>ground truth -&gt; prediction</source>
        <translation>vérité terrain -&gt; prédiction</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:421</extracomment>
        <source>APLS_time is not part of Sat2Graph&apos;s APLS: SPEED_FIELD is ignored by VARIANT={}.</source>
        <translation>APLS_time ne fait pas partie de l&apos;APLS de Sat2Graph : SPEED_FIELD est ignoré par VARIANT={}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:428</extracomment>
        <source>{}: the reference&apos;s number depends on Go&apos;s random map order here (contested snapping, e.g. doubled roads); this is the mean over {} random orders, which range from {:.4f} to {:.4f}.</source>
        <translation>{} : la valeur de la référence dépend ici de l&apos;ordre aléatoire des tables de hachage de Go (accrochages disputés, p. ex. routes doublées) ; c&apos;est la moyenne sur {} ordres aléatoires, qui vont de {:.4f} à {:.4f}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:433</extracomment>
        <source>{}: no pair of control points to score (no control point inside the tile less its {} m margin, or none at least MIN_PATH_LENGTH apart): this direction is NaN, and so is APLS, as in the reference.</source>
        <translation>{} : aucune paire de points de contrôle à évaluer (aucun point de contrôle dans la tuile moins sa marge de {} m, ou aucun à au moins MIN_PATH_LENGTH l&apos;un de l&apos;autre) : cette direction vaut NaN, et l&apos;APLS aussi, comme dans la référence.</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:478</extracomment>
        <source>VARIANT must be one of {}</source>
        <translation>VARIANT doit être parmi {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:490</extracomment>
        <source>CONTROL_SPACING must be &gt; 0</source>
        <translation>CONTROL_SPACING doit être &gt; 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:492</extracomment>
        <source>SNAP_DISTANCE and MIN_PATH_LENGTH must be &gt;= 0</source>
        <translation>SNAP_DISTANCE et MIN_PATH_LENGTH doivent être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:502</extracomment>
        <source>both networks are empty: APLS = 1 (SpaceNet convention)</source>
        <translation>les deux réseaux sont vides : APLS = 1 (convention SpaceNet)</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:505</extracomment>
        <source>the prediction is empty: APLS = 0</source>
        <translation>la prédiction est vide : APLS = 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:508</extracomment>
        <source>the ground truth is empty but the prediction is not: APLS = 0</source>
        <translation>la vérité terrain est vide mais pas la prédiction : APLS = 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:511</extracomment>
        <source>the ground truth has no route of at least MIN_PATH_LENGTH: APLS is undefined (NaN)</source>
        <translation>la vérité terrain n&apos;a aucun itinéraire d&apos;au moins MIN_PATH_LENGTH : APLS est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/apls.py:515</extracomment>
        <source>the prediction has no route of at least MIN_PATH_LENGTH: APLS = 0 (as the reference scores a proposal without routes)</source>
        <translation>la prédiction n&apos;a aucun itinéraire d&apos;au moins MIN_PATH_LENGTH : APLS = 0 (comme la référence note une proposition sans itinéraire)</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:61</extracomment>
        <source>SEGMENT_LENGTH must be &gt; 0</source>
        <translation>SEGMENT_LENGTH doit être &gt; 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:63</extracomment>
        <source>SNAP_DISTANCE, CORRIDOR_WIDTH and NODE_SNAP_DISTANCE must be &gt;= 0</source>
        <translation>SNAP_DISTANCE, CORRIDOR_WIDTH et NODE_SNAP_DISTANCE doivent être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:65</extracomment>
        <source>MAX_HOPS must be &gt;= 1</source>
        <translation>MAX_HOPS doit être &gt;= 1</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:67</extracomment>
        <source>DISCONNECTION_PENALTY must be &gt; 0</source>
        <translation>DISCONNECTION_PENALTY doit être &gt; 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:89</extracomment>
        <source>the ground truth has no usable line (no edge of positive length): OPT-P needs ground-truth paths</source>
        <translation>la vérité terrain n&apos;a aucune ligne utilisable (aucune arête de longueur positive) : OPT-P a besoin de chemins de vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:92</extracomment>
        <source>decomposing into paths</source>
        <translation>décomposition en chemins</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:98</extracomment>
        <source>matching paths (recall, precision)</source>
        <translation>appariement des chemins (rappel, précision)</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:105</extracomment>
        <source>recall</source>
        <translation>rappel</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:105</extracomment>
        <source>precision</source>
        <translation>précision</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:111</extracomment>
        <source>the prediction is empty: PRECISION is undefined (NaN), RECALL = 0, F1 = 0</source>
        <translation>la prédiction est vide : PRECISION est indéfinie (NaN), RECALL = 0, F1 = 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/optp.py:132; core/metrics/paths/tlts.py:131</extracomment>
        <source>writing results</source>
        <translation>écriture des résultats</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:92</extracomment>
        <source>N_PATHS must be &gt;= 1</source>
        <translation>N_PATHS doit être &gt;= 1</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:94</extracomment>
        <source>SNAP_DISTANCE must be &gt;= 0</source>
        <translation>SNAP_DISTANCE doit être &gt;= 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:96</extracomment>
        <source>LENGTH_TOLERANCE must be &gt;= 0 (percent)</source>
        <translation>LENGTH_TOLERANCE doit être &gt;= 0 (pour cent)</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:102</extracomment>
        <source>the ground truth has no usable line (no edge of positive length): TLTS samples its paths there</source>
        <translation>la vérité terrain n&apos;a aucune ligne utilisable (aucune arête de longueur positive) : TLTS y tire ses chemins</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:104</extracomment>
        <source>sampling ground-truth paths</source>
        <translation>tirage des chemins de vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:109</extracomment>
        <source>only {} of {} pairs of connected ground-truth points found in {} draws</source>
        <translation>seulement {} paires de points connectés de vérité terrain sur {} trouvées en {} tirages</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:111</extracomment>
        <source>ground-truth shortest paths</source>
        <translation>plus courts chemins de la vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:113</extracomment>
        <source>snapping to the prediction</source>
        <translation>accrochage à la prédiction</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:118</extracomment>
        <source>the prediction is empty: every path is infeasible</source>
        <translation>la prédiction est vide : tous les chemins sont infaisables</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:127</extracomment>
        <source>prediction shortest paths</source>
        <translation>plus courts chemins de la prédiction</translation>
    </message>
    <message>
        <extracomment>core/metrics/paths/tlts.py:139</extracomment>
        <source>no pair of connected ground-truth points: TLTS is undefined (NaN)</source>
        <translation>aucune paire de points connectés de vérité terrain : TLTS est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/common.py:21</extracomment>
        <source>A pixel metric scores two rasters (core.metrics.pixel.masks.Rasters), not {}.</source>
        <translation>Une métrique par pixels évalue deux rasters (core.metrics.pixel.masks.Rasters), et non {}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/common.py:42</extracomment>
        <source>both masks are empty: {}</source>
        <translation>les deux masques sont vides : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/common.py:43</extracomment>
        <source>the ground-truth mask is empty: {}</source>
        <translation>le masque de vérité terrain est vide : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/common.py:44</extracomment>
        <source>the predicted mask is empty: {}</source>
        <translation>le masque prédit est vide : {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:44; pixel_iou: map CONFUSION_MAP legend 0</extracomment>
        <source>true negative</source>
        <translation>vrai négatif</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:45; pixel_iou: map CONFUSION_MAP legend 1</extracomment>
        <source>true positive (road on both)</source>
        <translation>vrai positif (route des deux côtés)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:46; pixel_iou: map CONFUSION_MAP legend 2</extracomment>
        <source>false positive (prediction only)</source>
        <translation>faux positif (prédiction seule)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:47; pixel_iou: map CONFUSION_MAP legend 3</extracomment>
        <source>false negative (ground truth only)</source>
        <translation>faux négatif (vérité terrain seule)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:48; pixel_iou: map CONFUSION_MAP legend 4</extracomment>
        <source>wrong class</source>
        <translation>mauvaise classe</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:59; core/metrics/pixel/maps.py:69; pixel_boundaryf: map BOUNDARY_MAP legend 0; pixel_distances: map BOUNDARY_MAP legend 0</extracomment>
        <source>not a boundary pixel</source>
        <translation>pas un pixel de contour</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:60; pixel_distances: map BOUNDARY_MAP legend 1</extracomment>
        <source>ground truth, within tolerance</source>
        <translation>vérité terrain, dans la tolérance</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:61; pixel_distances: map BOUNDARY_MAP legend 2</extracomment>
        <source>ground truth, missed</source>
        <translation>vérité terrain, manquée</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:62; pixel_distances: map BOUNDARY_MAP legend 3</extracomment>
        <source>prediction, within tolerance</source>
        <translation>prédiction, dans la tolérance</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:63; pixel_distances: map BOUNDARY_MAP legend 4</extracomment>
        <source>prediction, false</source>
        <translation>prédiction, fausse</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:64; pixel_distances: map BOUNDARY_MAP legend 5</extracomment>
        <source>on both boundaries</source>
        <translation>sur les deux contours</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:70; pixel_boundaryf: map BOUNDARY_MAP legend 1</extracomment>
        <source>ground truth, matched</source>
        <translation>vérité terrain, appariée</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:71; pixel_boundaryf: map BOUNDARY_MAP legend 2</extracomment>
        <source>ground truth, unmatched (FN)</source>
        <translation>vérité terrain, non appariée (FN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:72; pixel_boundaryf: map BOUNDARY_MAP legend 3</extracomment>
        <source>prediction, matched (TP)</source>
        <translation>prédiction, appariée (TP)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:73; pixel_boundaryf: map BOUNDARY_MAP legend 4</extracomment>
        <source>prediction, unmatched (FP)</source>
        <translation>prédiction, non appariée (FP)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:74; pixel_boundaryf: map BOUNDARY_MAP legend 5</extracomment>
        <source>both boundaries, matched</source>
        <translation>deux contours, appariés</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:75; pixel_boundaryf: map BOUNDARY_MAP legend 6</extracomment>
        <source>both boundaries, unmatched once</source>
        <translation>deux contours, un non apparié</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:79; pixel_boundaryf: map BOUNDARY_MAP legend 7</extracomment>
        <source>near both boundaries (TP)</source>
        <translation>près des deux contours (TP)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:80; pixel_boundaryf: map BOUNDARY_MAP legend 8</extracomment>
        <source>near the ground truth only (FN)</source>
        <translation>près de la vérité terrain seule (FN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:81; pixel_boundaryf: map BOUNDARY_MAP legend 9</extracomment>
        <source>near the prediction only (FP)</source>
        <translation>près de la prédiction seule (FP)</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:85; pixel_cldice: map SKELETON_MAP legend 0</extracomment>
        <source>no road</source>
        <translation>pas de route</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:86; pixel_cldice: map SKELETON_MAP legend 1</extracomment>
        <source>ground-truth skeleton, found</source>
        <translation>squelette de vérité terrain, trouvé</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:87; pixel_cldice: map SKELETON_MAP legend 2</extracomment>
        <source>ground-truth skeleton, missed</source>
        <translation>squelette de vérité terrain, manqué</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:88; pixel_cldice: map SKELETON_MAP legend 3</extracomment>
        <source>predicted skeleton, correct</source>
        <translation>squelette prédit, correct</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:89; pixel_cldice: map SKELETON_MAP legend 4</extracomment>
        <source>predicted skeleton, false</source>
        <translation>squelette prédit, faux</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:90; pixel_cldice: map SKELETON_MAP legend 5</extracomment>
        <source>on both skeletons</source>
        <translation>sur les deux squelettes</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:91; pixel_cldice: map SKELETON_MAP legend 6</extracomment>
        <source>road in both masks</source>
        <translation>route dans les deux masques</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:92; pixel_cldice: map SKELETON_MAP legend 7</extracomment>
        <source>road in the ground truth only</source>
        <translation>route dans la vérité terrain seule</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/maps.py:93; pixel_cldice: map SKELETON_MAP legend 8</extracomment>
        <source>road in the prediction only</source>
        <translation>route dans la prédiction seule</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:47</extracomment>
        <source>The ground truth ({} x {} pixels) and the prediction ({} x {} pixels) must share one grid: resample one onto the other.</source>
        <translation>La vérité terrain ({} x {} pixels) et la prédiction ({} x {} pixels) doivent partager une même grille : rééchantillonnez l&apos;une sur l&apos;autre.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:73</extracomment>
        <source>The pixel size must be a positive number of metres or a pair (height, width), got {!r}.</source>
        <translation>La taille de pixel doit être un nombre positif de mètres ou une paire (hauteur, largeur), reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:78</extracomment>
        <source>The pixel size must be a positive number of metres (or a pair height, width), got {!r}.</source>
        <translation>La taille de pixel doit être un nombre positif de mètres (ou une paire hauteur, largeur), reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:90</extracomment>
        <source>The raster&apos;s grid is sheared (its rows and columns are not at right angles): resample it onto a north-up grid first.</source>
        <translation>La grille du raster est cisaillée (ses lignes et ses colonnes ne sont pas à angle droit) : rééchantillonnez-le d&apos;abord sur une grille orientée nord en haut.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:99</extracomment>
        <source>The {} must be a 2-D numeric array; its rows have different lengths.</source>
        <translation>La {} doit être un tableau numérique 2D ; ses lignes ont des longueurs différentes.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:102</extracomment>
        <source>The {} is complex-valued: give a real array (its real part or its magnitude, as you mean it).</source>
        <translation>La {} a des valeurs complexes : donnez un tableau réel (sa partie réelle ou son module, selon ce que vous voulez dire).</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:105</extracomment>
        <source>The {} must be a 2-D numeric array, got values of type {}.</source>
        <translation>La {} doit être un tableau numérique 2D, reçu des valeurs de type {}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:110</extracomment>
        <source>The {} must be one band (a 2-D array), got an array of shape {}.</source>
        <translation>La {} doit être une seule bande (un tableau 2D), reçu un tableau de forme {}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:113</extracomment>
        <source>The {} raster is empty (shape {}).</source>
        <translation>Le raster de {} est vide (forme {}).</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:130</extracomment>
        <source>Road classes (ROAD_CLASSES) must be numbers separated by commas, e.g. &apos;1,2&apos;; got {!r}.</source>
        <translation>Les classes de routes (ROAD_CLASSES) doivent être des nombres séparés par des virgules, par ex. « 1,2 » ; reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/masks.py:133</extracomment>
        <source>Road classes (ROAD_CLASSES) must be finite numbers; got {!r}.</source>
        <translation>Les classes de routes (ROAD_CLASSES) doivent être des nombres finis ; reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_boundaryf.py:228</extracomment>
        <source>STRATEGY must be one of {}; got {!r}.</source>
        <translation>STRATEGY doit être parmi {} ; reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_boundaryf.py:232; core/metrics/pixel/pixel_cldice.py:60; core/metrics/pixel/pixel_distances.py:100; core/metrics/pixel/pixel_iou.py:96</extracomment>
        <source>road masks</source>
        <translation>masques des routes</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_boundaryf.py:240</extracomment>
        <source>matching boundaries</source>
        <translation>appariement des contours</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_cldice.py:62</extracomment>
        <source>skeletons</source>
        <translation>squelettes</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_distances.py:97</extracomment>
        <source>BAND_SHAPE must be one of {}; got {!r}.</source>
        <translation>BAND_SHAPE doit être l&apos;une des valeurs {} ; reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_distances.py:115</extracomment>
        <source>distances from the prediction</source>
        <translation>distances depuis la prédiction</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_distances.py:118</extracomment>
        <source>boundary bands</source>
        <translation>bandes de contour</translation>
    </message>
    <message>
        <extracomment>core/metrics/pixel/pixel_iou.py:109</extracomment>
        <source>class(es) {} on neither side: IoU undefined, left out of the means</source>
        <translation>classe(s) {} absente(s) des deux côtés : IoU indéfinie, exclue des moyennes</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/common.py:16</extracomment>
        <source>the ground truth is empty: RECALL undefined (NaN)</source>
        <translation>la vérité terrain est vide : RECALL indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/common.py:18</extracomment>
        <source>the prediction is empty: RECALL = 0, F1 = 0</source>
        <translation>la prédiction est vide : RECALL = 0, F1 = 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/evaluation.py:122</extracomment>
        <source>seeds {}-{}</source>
        <translation>germes {}-{}</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/evaluation.py:196</extracomment>
        <source>no prediction control point in any subgraph: PRECISION is undefined (NaN)</source>
        <translation>aucun point de contrôle de la prédiction dans les sous-graphes : PRECISION est indéfinie (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/evaluation.py:199</extracomment>
        <source>no ground-truth control point in any subgraph: RECALL is undefined (NaN)</source>
        <translation>aucun point de contrôle de la vérité terrain dans les sous-graphes : RECALL est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/extract.py:87</extracomment>
        <source>SPACING must be &gt; 0</source>
        <translation>SPACING doit être &gt; 0</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/extract.py:215</extracomment>
        <source>unknown subgraph mode {}</source>
        <translation>mode de sous-graphe inconnu {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/optg.py:60</extracomment>
        <source>MATCHING must be one of {}, got {!r}</source>
        <translation>MATCHING doit être parmi {}, reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/optg.py:65; core/metrics/subgraphs/subg.py:91</extracomment>
        <source>drawing seeds</source>
        <translation>tirage des germes</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/optg.py:71</extracomment>
        <source>both networks are empty: no seed, every score is NaN</source>
        <translation>les deux réseaux sont vides : aucun germe, tous les scores valent NaN</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/optg.py:74</extracomment>
        <source>the prediction is empty: every seed is drawn from the ground truth</source>
        <translation>la prédiction est vide : tous les germes sont tirés dans la vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/optg.py:77</extracomment>
        <source>the ground truth is empty: every seed is drawn from the prediction</source>
        <translation>la vérité terrain est vide : tous les germes sont tirés dans la prédiction</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/optg.py:92; core/metrics/subgraphs/subg.py:100</extracomment>
        <source>cropping and matching subgraphs</source>
        <translation>découpage et appariement des sous-graphes</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/subg.py:69</extracomment>
        <source>N_SEEDS must be &gt;= 1, got {}</source>
        <translation>N_SEEDS doit être &gt;= 1, reçu {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/subg.py:95</extracomment>
        <source>no seed: SUBG seeds only in the ground truth; every score is NaN</source>
        <translation>aucun germe : SUBG ne tire ses germes que dans la vérité terrain ; tous les scores valent NaN</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:75</extracomment>
        <source>VARIANT must be one of {}, got {!r}</source>
        <translation>VARIANT doit être l&apos;une des valeurs {}, reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:84</extracomment>
        <source>ANGLE_TOLERANCE must be in (0, 90] degrees, got {}</source>
        <translation>ANGLE_TOLERANCE doit être dans ]0, 90] degrés, reçu {}</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:88</extracomment>
        <source>AGGREGATION must be one of {}, got {!r}</source>
        <translation>AGGREGATION doit être parmi {}, reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:93</extracomment>
        <source>placing and pairing seeds</source>
        <translation>placement et appariement des germes</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:104</extracomment>
        <source>no ground-truth chain is at least SEED_SPACING / 2 long: no seed, TOPO is undefined (NaN)</source>
        <translation>aucune chaîne de vérité terrain ne mesure au moins SEED_SPACING / 2 : aucun germe, TOPO est indéfini (NaN)</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:106; core/metrics/subgraphs/topo.py:130</extracomment>
        <source>walking and matching subgraphs</source>
        <translation>parcours et appariement des sous-graphes</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:136</extracomment>
        <source>no ground-truth chain is long enough for a seed: TOPO is undefined (NaN); the reference divides by zero.</source>
        <translation>aucune chaîne de la vérité terrain n&apos;est assez longue pour un germe : TOPO est indéfini (NaN) ; la référence divise par zéro.</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:139</extracomment>
        <source>the prediction is empty: PRECISION = RECALL = 0, as in the reference.</source>
        <translation>la prédiction est vide : PRECISION = RECALL = 0, comme dans la référence.</translation>
    </message>
    <message>
        <extracomment>core/metrics/subgraphs/topo.py:237</extracomment>
        <source>no seed has a prediction pair: PRECISION is undefined (NaN), RECALL = 0</source>
        <translation>aucun germe n&apos;a de correspondant dans la prédiction : PRECISION est indéfinie (NaN), RECALL = 0</translation>
    </message>
    <message>
        <extracomment>core/network/build.py:539</extracomment>
        <source>{} duplicate overlapping segment(s) collapsed (features drawn twice)</source>
        <translation>{} segment(s) superposé(s) en double fusionné(s) (entités dessinées deux fois)</translation>
    </message>
    <message>
        <extracomment>core/network/lineset.py:163</extracomment>
        <source>{}: {} line part(s) skipped: a coordinate beyond 2^53 m (9.007e+15 m, where float64 no longer resolves whole metres; a digitising or export error).</source>
        <translation>{} : {} partie(s) de ligne ignorée(s) : une coordonnée au-delà de 2^53 m (9,007e+15 m, où float64 ne distingue plus les mètres entiers ; une erreur de saisie ou d&apos;export).</translation>
    </message>
    <message>
        <extracomment>core/protocols.py:233</extracomment>
        <source>Unknown protocol {!r}: one of {}.</source>
        <translation>Protocole inconnu {!r} : l&apos;un de {}.</translation>
    </message>
    <message>
        <extracomment>core/protocols.py:247</extracomment>
        <source>The protocol {} sets {} = {}; {} = {} contradicts it (leave it out, or run without the protocol).</source>
        <translation>Le protocole {} fixe {} = {} ; {} = {} le contredit (retirez-le, ou lancez sans le protocole).</translation>
    </message>
    <message>
        <extracomment>core/raster/centrelines.py:44</extracomment>
        <source>{} must be a number &gt;= 0, got {}.</source>
        <translation>{} doit être un nombre &gt;= 0, reçu {}.</translation>
    </message>
    <message>
        <extracomment>core/raster/centrelines.py:46</extracomment>
        <source>Thresholding the raster</source>
        <translation>Seuillage du raster</translation>
    </message>
    <message>
        <extracomment>core/raster/centrelines.py:49</extracomment>
        <source>Thinning the road mask</source>
        <translation>Squelettisation du masque des routes</translation>
    </message>
    <message>
        <extracomment>core/raster/centrelines.py:51</extracomment>
        <source>Tracing the skeleton</source>
        <translation>Tracé du squelette</translation>
    </message>
    <message>
        <extracomment>core/raster/centrelines.py:55</extracomment>
        <source>Pruning and simplifying</source>
        <translation>Élagage et simplification</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:22</extracomment>
        <source>The transform must be 6 numbers (a, b, c, d, e, f: x = a col + b row + c, y = d col + e row + f), got {!r}.</source>
        <translation>La transformation doit comporter 6 nombres (a, b, c, d, e, f : x = a col + b row + c, y = d col + e row + f), reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:27</extracomment>
        <source>The transform must be 6 finite numbers (a, b, c, d, e, f: x = a col + b row + c, y = d col + e row + f), got {!r}.</source>
        <translation>La transformation doit comporter 6 nombres finis (a, b, c, d, e, f : x = a col + b row + c, y = d col + e row + f), reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:33</extracomment>
        <source>The transform {!r} is singular (its pixels have no area).</source>
        <translation>La transformation {!r} est singulière (ses pixels n&apos;ont pas de surface).</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:48</extracomment>
        <source>The transform {!r} looks like a GDAL geotransform (x0, pixel width, 0, y0, 0, pixel height): give it in the affine / rasterio order (a, b, c, d, e, f: x = a col + b row + c, y = d col + e row + f), here {!r}, or as affine.Affine.from_gdal(*gt).</source>
        <translation>La transformation {!r} ressemble à un géotransform GDAL (x0, largeur du pixel, 0, y0, 0, hauteur du pixel) : donnez-la dans l&apos;ordre affine / rasterio (a, b, c, d, e, f : x = a col + b ligne + c, y = d col + e ligne + f), ici {!r}, ou sous la forme affine.Affine.from_gdal(*gt).</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:102</extracomment>
        <source>The raster is not a 0/1 mask (its values include {}): give a threshold for a probability map or the road classes of a class map.</source>
        <translation>Le raster n&apos;est pas un masque 0/1 (ses valeurs comprennent {}) : indiquez un seuil pour une carte de probabilité, ou les classes de routes pour une carte de classes.</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:111</extracomment>
        <source>The raster holds only 0 and {} (a 0/{} mask): its {} pixels are read as road.</source>
        <translation>Le raster ne contient que 0 et {} (un masque 0/{}) : ses pixels à {} sont lus comme route.</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:128</extracomment>
        <source>A raster of one band (a 2-D array) is needed, got an array of shape {}.</source>
        <translation>Un raster à une seule bande (un tableau 2D) est nécessaire, reçu un tableau de forme {}.</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:131</extracomment>
        <source>The raster is empty (shape {}).</source>
        <translation>Le raster est vide (forme {}).</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:133; core/raster/windows.py:80</extracomment>
        <source>The raster must hold numbers, not {}.</source>
        <translation>Le raster doit contenir des nombres, et non {}.</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:138</extracomment>
        <source>Give a threshold (probability maps) or classes (class maps), not both.</source>
        <translation>Indiquez un seuil (cartes de probabilité) ou des classes (cartes de classes), mais pas les deux.</translation>
    </message>
    <message>
        <extracomment>core/raster/mask.py:142</extracomment>
        <source>The threshold must be a finite number, got {}.</source>
        <translation>Le seuil doit être un nombre fini, reçu {}.</translation>
    </message>
    <message>
        <extracomment>core/raster/memory.py:96</extracomment>
        <source>The raster {} is {} x {} pixels: reading and scoring it needs at least {:.1f} GiB of memory, and {:.1f} GiB are available. Cut it into tiles (gdal_retile.py; QGIS: Processing &gt; GDAL &gt; Raster miscellaneous &gt; Retile) and score them as a batch, or use a coarser pixel size.</source>
        <translation>Le raster {} fait {} x {} pixels : le lire et l&apos;évaluer demande au moins {:.1f} Gio de mémoire, et {:.1f} Gio sont disponibles. Découpez-le en tuiles (gdal_retile.py ; QGIS : Traitement &gt; GDAL &gt; Divers raster &gt; Retuiler) et évaluez-les en lot, ou utilisez une taille de pixel plus grossière.</translation>
    </message>
    <message>
        <extracomment>core/raster/params.py:81</extracomment>
        <source>{} must be numbers separated by commas (e.g. 1,3), got {!r}.</source>
        <translation>{} : des nombres séparés par des virgules sont attendus (par ex. 1,3), reçu {!r}.</translation>
    </message>
    <message>
        <extracomment>core/raster/params.py:94</extracomment>
        <source>unknown raster parameter {}</source>
        <translation>paramètre raster inconnu {}</translation>
    </message>
    <message>
        <extracomment>core/raster/params.py:100</extracomment>
        <source>Give a raster threshold (probability maps) or raster road classes (class maps), not both.</source>
        <translation>Indiquez un seuil raster (cartes de probabilité) ou des classes de routes raster (cartes de classes), mais pas les deux.</translation>
    </message>
    <message>
        <extracomment>core/raster/params.py:153</extracomment>
        <source>{} sets the threshold of both rasters and {} that of one: give one of them.</source>
        <translation>{} fixe le seuil des deux rasters et {} celui d’un seul : donnez l’un ou l’autre.</translation>
    </message>
    <message>
        <extracomment>core/raster/params.py:159</extracomment>
        <source>{} and {} are one parameter (the second is the old name): give it once.</source>
        <translation>{} et {} sont un même paramètre (le second est l’ancien nom) : donnez-le une seule fois.</translation>
    </message>
    <message>
        <extracomment>core/raster/params.py:163</extracomment>
        <source>Give {} (probability maps) or {} (class maps), not both.</source>
        <translation>Donnez {} (cartes de probabilité) ou {} (cartes de classes), pas les deux.</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:35</extracomment>
        <source>The raster {} is in {}, which is not in metres on the ground: the extraction&apos;s sizes are metres. Warp it to a projected CRS in metres first (QGIS: Raster &gt; Projections &gt; Warp; GDAL: gdalwarp -t_srs).</source>
        <translation>Le raster {} est dans {}, qui n&apos;est pas en mètres sur le terrain : les tailles de l&apos;extraction sont en mètres. Reprojetez-le d&apos;abord dans un SCR projeté en mètres (QGIS : Raster &gt; Projections &gt; Projection (warp) ; GDAL : gdalwarp -t_srs).</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:41</extracomment>
        <source>{}</source>
        <translation>{}</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:42</extracomment>
        <source>metres that are {} m on the ground at the raster</source>
        <translation>des mètres qui valent {} m sur le terrain à l&apos;emplacement du raster</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:43</extracomment>
        <source>The raster {} is in {} ({}), not in metres on the ground, and the extraction&apos;s sizes are metres. Warp it to EPSG:{} first (QGIS: Raster &gt; Projections &gt; Warp (Reproject), resampling nearest neighbour for a mask or a class map, bilinear for a probability map; GDAL: gdalwarp -t_srs EPSG:{} -r near, or -r bilinear for probabilities).</source>
        <translation>Le raster {} est en {} ({}), pas en mètres au sol, et les tailles de l&apos;extraction sont en mètres. Reprojetez-le d&apos;abord en EPSG:{} (QGIS : Raster &gt; Projections &gt; Projection (Warp), rééchantillonnage au plus proche voisin pour un masque ou une carte de classes, bilinéaire pour une carte de probabilité ; GDAL : gdalwarp -t_srs EPSG:{} -r near, ou -r bilinear pour des probabilités).</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:83</extracomment>
        <source>The raster {} holds only 0 and {} (a 0/{} mask): its {} pixels are read as road.</source>
        <translation>Le raster {} ne contient que 0 et {} (un masque 0/{}) : ses pixels à {} sont lus comme route.</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:93</extracomment>
        <source>threshold {}</source>
        <translation>seuil {}</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:94</extracomment>
        <source>classes {}</source>
        <translation>classes {}</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:95</extracomment>
        <source>read as a mask</source>
        <translation>lu comme un masque</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:96</extracomment>
        <source>The raster {} has no road pixel (band {}, {}): it gives no line.</source>
        <translation>Le raster {} n&apos;a aucun pixel de route (bande {}, {}) : il ne donne aucune ligne.</translation>
    </message>
    <message>
        <extracomment>core/raster/rasterinput.py:98</extracomment>
        <source>The raster {} gives no line: its {} road pixel(s) form no component of at least {} m2 with a skeleton longer than the pruning length.</source>
        <translation>Le raster {} ne donne aucune ligne : ses {} pixel(s) de route ne forment aucune composante d&apos;au moins {} m2 dont le squelette dépasse la longueur d&apos;élagage.</translation>
    </message>
    <message>
        <extracomment>core/raster/thinning.py:97; core/raster/thinning.py:150</extracomment>
        <source>A 2-D mask is needed, got an array of shape {}.</source>
        <translation>Un masque 2D est nécessaire, reçu un tableau de forme {}.</translation>
    </message>
    <message>
        <extracomment>core/raster/windows.py:52</extracomment>
        <source>The raster is empty ({} x {} pixels).</source>
        <translation>Le raster est vide ({} x {} pixels).</translation>
    </message>
    <message>
        <extracomment>core/raster/windows.py:62</extracomment>
        <source>The raster&apos;s window at row {} has shape {}, not {}.</source>
        <translation>La fenêtre du raster à la ligne {} a la forme {}, et non {}.</translation>
    </message>
    <message>
        <extracomment>core/reports/pixel_maps.py:107</extracomment>
        <source>nodata (left out)</source>
        <translation>nodata (exclu)</translation>
    </message>
    <message>
        <extracomment>core/reports/pixel_maps.py:109</extracomment>
        <source>each {} x {} block of pixels shows its most telling code</source>
        <translation>chaque bloc de {} x {} pixels montre son code le plus significatif</translation>
    </message>
    <message>
        <extracomment>core/reports/pixel_maps.py:110</extracomment>
        <source>every pixel shown</source>
        <translation>tous les pixels affichés</translation>
    </message>
    <message>
        <extracomment>core/reports/pixel_maps.py:119; core/reports/pixel_maps.py:121</extracomment>
        <source>pixels</source>
        <translation>pixels</translation>
    </message>
    <message>
        <extracomment>core/reports/pixel_maps.py:120</extracomment>
        <source>code</source>
        <translation>code</translation>
    </message>
    <message>
        <extracomment>core/reports/pixel_maps.py:120; core/reports/report.py:525</extracomment>
        <source>meaning</source>
        <translation>signification</translation>
    </message>
    <message>
        <extracomment>core/reports/pixel_maps.py:124</extracomment>
        <source>Maps</source>
        <translation>Cartes</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:28; topo: parameter AGGREGATION option</extracomment>
        <source>pooled</source>
        <translation>cumulé</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:28; topo: parameter AGGREGATION option</extracomment>
        <source>mean</source>
        <translation>moyenne</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:28</extracomment>
        <source>skip</source>
        <translation>ignorées</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:28</extracomment>
        <source>worst</source>
        <translation>pire valeur</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:28</extracomment>
        <source>best</source>
        <translation>meilleure valeur</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:92; core/reports/report.py:123; core/reports/report.py:478</extracomment>
        <source>undefined</source>
        <translation>indéfini</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:125</extracomment>
        <source>very good</source>
        <translation>très bon</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:127</extracomment>
        <source>good</source>
        <translation>bon</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:129</extracomment>
        <source>fair</source>
        <translation>moyen</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:130</extracomment>
        <source>poor</source>
        <translation>faible</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:211</extracomment>
        <source>Main error: missing roads and gaps. In {} of {} metrics that score both directions, less of the ground truth is found (recall) than the prediction has right (precision).</source>
        <translation>Erreur principale : routes manquantes et coupures. Pour {} des {} métriques qui notent les deux sens, la part de la vérité terrain retrouvée (rappel) est plus faible que la part juste de la prédiction (précision).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:216</extracomment>
        <source>Main error: spurious roads. In {} of {} metrics that score both directions, less of the prediction is right (precision) than the ground truth is found (recall).</source>
        <translation>Erreur principale : routes en trop. Pour {} des {} métriques qui notent les deux sens, la part juste de la prédiction (précision) est plus faible que la part de la vérité terrain retrouvée (rappel).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:220</extracomment>
        <source>Missing and spurious roads weigh about the same: recall and precision are within 0.05 of each other, or disagree between metrics ({} metric(s) score both directions).</source>
        <translation>Routes manquantes et routes en trop pèsent à peu près autant : rappel et précision diffèrent de moins de 0,05, ou les métriques ne s&apos;accordent pas ({} métrique(s) notent les deux sens).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:227</extracomment>
        <source>Best headline score: {} {}; weakest: {} {}.</source>
        <translation>Meilleur score principal : {} {} ; le plus faible : {} {}.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:232</extracomment>
        <source>{}: {} = {} (0 m is a perfect overlap).</source>
        <translation>{} : {} = {} (0 m correspond à une superposition parfaite).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:249</extracomment>
        <source>poor (&lt; 0.4)</source>
        <translation>faible (&lt; 0,4)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:249</extracomment>
        <source>fair (0.4 - 0.6)</source>
        <translation>moyen (0,4 - 0,6)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:249</extracomment>
        <source>good (0.6 - 0.8)</source>
        <translation>bon (0,6 - 0,8)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:250</extracomment>
        <source>very good (&gt;= 0.8)</source>
        <translation>très bon (&gt;= 0,8)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:251</extracomment>
        <source>Bars: the value on [0, 1]; colour: how good it is (for scores marked ↓, 0 is perfect).</source>
        <translation>Barres : la valeur sur [0, 1] ; couleur : sa qualité (pour les scores marqués ↓, 0 est parfait).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:252</extracomment>
        <source>Colour: how good the score is.</source>
        <translation>Couleur : qualité du score.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:371</extracomment>
        <source>Zoom in</source>
        <translation>Zoom avant</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:372</extracomment>
        <source>Zoom out</source>
        <translation>Zoom arrière</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:373</extracomment>
        <source>Whole map</source>
        <translation>Carte entière</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:389</extracomment>
        <source>matched</source>
        <translation>apparié</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:390</extracomment>
        <source>spurious (prediction only)</source>
        <translation>en trop (prédiction seule)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:391</extracomment>
        <source>missing (ground truth only)</source>
        <translation>manquant (vérité terrain seule)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:430</extracomment>
        <source>map</source>
        <translation>carte</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:476</extracomment>
        <source>no ground truth</source>
        <translation>pas de vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:485; core/reports/report.py:889; core/reports/tool_reports.py:367</extracomment>
        <source>tile</source>
        <translation>tuile</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:521</extracomment>
        <source>What it tells:</source>
        <translation>Ce que cela mesure :</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:524; core/reports/report.py:658; core/reports/report.py:741</extracomment>
        <source>metric</source>
        <translation>métrique</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:524; core/reports/report.py:658; core/reports/runs_report.py:131; core/reports/tool_reports.py:127</extracomment>
        <source>score</source>
        <translation>score</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:525; core/reports/report.py:742</extracomment>
        <source>value</source>
        <translation>valeur</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:556</extracomment>
        <source>ground-truth routes in the prediction</source>
        <translation>itinéraires de la vérité terrain dans la prédiction</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:558</extracomment>
        <source>predicted routes in the ground truth</source>
        <translation>itinéraires prédits dans la vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:561</extracomment>
        <source>penalty (0 = same length, 1 = no route)</source>
        <translation>pénalité (0 = même longueur, 1 = pas d&apos;itinéraire)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:562</extracomment>
        <source>routes</source>
        <translation>itinéraires</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:564; core/reports/tool_reports.py:160</extracomment>
        <source>count</source>
        <translation>nombre</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:602</extracomment>
        <source>{} over {} tiles</source>
        <translation>{} sur {} tuiles</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:603</extracomment>
        <source>Scores by family</source>
        <translation>Scores par famille</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:614</extracomment>
        <source>Distributions</source>
        <translation>Distributions</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:622; core/reports/tool_reports.py:55; core/reports/tool_reports.py:56</extracomment>
        <source>Warnings</source>
        <translation>Avertissements</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:627; core/reports/tool_reports.py:55; core/schema.py:488</extracomment>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:655</extracomment>
        <source>Protocol {} (version {})</source>
        <translation>Protocole {} (version {})</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:657</extracomment>
        <source>The protocol replays the reference code of published tables, its defects included (docs/paths.md, protocol cards): its column is the number comparable with those tables. The other column is the metric by its own definition on the same inputs.</source>
        <translation>Le protocole rejoue le code de référence des tableaux publiés, défauts compris (docs/paths.md, fiches de protocole) : sa colonne est le nombre comparable à ces tableaux. L&apos;autre colonne est la métrique selon sa propre définition sur les mêmes entrées.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:659</extracomment>
        <source>own definition</source>
        <translation>définition propre</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:665; core/reports/tool_reports.py:42</extracomment>
        <source>en</source>
        <translation>fr</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:670; core/reports/tool_reports.py:40</extracomment>
        <source>Generated</source>
        <translation>Généré le</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:677</extracomment>
        <source>[low, high]: {} {} % bootstrap confidence interval over the tiles ({} resamples of whole tiles, seed {}; pooled scores recomputed from the resampled sums).</source>
        <translation>[bas, haut] : intervalle de confiance bootstrap {} à {} % sur les tuiles ({} rééchantillonnages de tuiles entières, graine {} ; scores cumulés recalculés à partir des sommes rééchantillonnées).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:679</extracomment>
        <source>percentile</source>
        <translation>percentile</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:704</extracomment>
        <source>Intervals over tiles</source>
        <translation>Intervalles sur les tuiles</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:705</extracomment>
        <source>Each aggregated score (dot) with its confidence interval (bar). Where the intervals of two runs overlap heavily, the score does not tell them apart: compare them tile by tile (docs/tools.md, Intervals).</source>
        <translation>Chaque score agrégé (point) avec son intervalle de confiance (barre). Là où les intervalles de deux exécutions se recouvrent largement, le score ne les départage pas : comparez-les tuile par tuile (docs/tools.md, Intervals).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:708</extracomment>
        <source>scores on [0, 1]</source>
        <translation>scores sur [0, 1]</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:708</extracomment>
        <source>lengths (m)</source>
        <translation>longueurs (m)</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:733</extracomment>
        <source>Summary</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:736</extracomment>
        <source>Scores aggregated over {} tiles ({}); {} tile(s) without ground truth ({}).</source>
        <translation>Scores agrégés sur {} tuiles ({}) ; {} tuile(s) sans vérité terrain ({}).</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:741</extracomment>
        <source>family</source>
        <translation>famille</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:741</extracomment>
        <source>headline score</source>
        <translation>score principal</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:742</extracomment>
        <source>reading</source>
        <translation>lecture</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:751</extracomment>
        <source>{} warning(s): see Warnings at the end.</source>
        <translation>{} avertissement(s) : voir Avertissements à la fin.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:764; instances: sink CLASS_TABLE label</extracomment>
        <source>Scores per class</source>
        <translation>Scores par classe</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:765</extracomment>
        <source>Class field: {}</source>
        <translation>Champ de classe : {}</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:769</extracomment>
        <source>class</source>
        <translation>classe</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:770</extracomment>
        <source>ground-truth features</source>
        <translation>entités de vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:770</extracomment>
        <source>predicted features</source>
        <translation>entités prédites</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:814</extracomment>
        <source>Map</source>
        <translation>Carte</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:816</extracomment>
        <source>Diagnostics of {}.</source>
        <translation>Diagnostics de {}.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:817</extracomment>
        <source>Zoom with the mouse wheel or the buttons, drag to pan, double-click for the whole map.</source>
        <translation>Zoomez avec la molette ou les boutons, faites glisser pour vous déplacer, double-cliquez pour revoir toute la carte.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:832; pixel_boundaryf: group; pixel_cldice: group; pixel_distances: group; pixel_iou: group</extracomment>
        <source>Pixel metrics</source>
        <translation>Métriques par pixels</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:838</extracomment>
        <source>Scored pixel by pixel on the two rasters as read (not on their centrelines): {} x {} pixels of {:g} x {:g} m; road pixels: ground truth {}, prediction {}.</source>
        <translation>Comparés pixel par pixel sur les deux rasters tels que lus (pas sur leurs axes) : {} x {} pixels de {:g} x {:g} m ; pixels de route : vérité terrain {}, prédiction {}.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:856; core/reports/tool_reports.py:49</extracomment>
        <source>Inputs and parameters</source>
        <translation>Entrées et paramètres</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:861</extracomment>
        <source>Parameters used by each metric</source>
        <translation>Paramètres utilisés par chaque métrique</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:868; core/reports/tool_reports.py:190</extracomment>
        <source>Definitions and conventions: see the documentation of the plugin.</source>
        <translation>Définitions et conventions : voir la documentation de l&apos;extension.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:874</extracomment>
        <source>Tiles</source>
        <translation>Tuiles</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:881</extracomment>
        <source>{} per tile; hatched: no ground truth; grey: undefined; ground truth in dark grey.</source>
        <translation>{} par tuile ; hachuré : pas de vérité terrain ; gris : indéfini ; vérité terrain en gris foncé.</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:890</extracomment>
        <source>ground-truth parts</source>
        <translation>parties de vérité terrain</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:890</extracomment>
        <source>predicted parts</source>
        <translation>parties prédites</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:896</extracomment>
        <source>failed</source>
        <translation>échec</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:899</extracomment>
        <source>no ground truth: left out</source>
        <translation>pas de vérité terrain : exclue</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:900</extracomment>
        <source>no ground truth: counted as the worst value</source>
        <translation>pas de vérité terrain : comptée avec la pire valeur</translation>
    </message>
    <message>
        <extracomment>core/reports/report.py:901</extracomment>
        <source>no ground truth: counted as the best value</source>
        <translation>pas de vérité terrain : comptée avec la meilleure valeur</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:77</extracomment>
        <source>a</source>
        <translation>a</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:77</extracomment>
        <source>b</source>
        <translation>b</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:77</extracomment>
        <source>mean difference b - a [interval]</source>
        <translation>différence moyenne b - a [intervalle]</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:77</extracomment>
        <source>wins / ties / losses of b</source>
        <translation>victoires / égalités / défaites de b</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:78</extracomment>
        <source>test</source>
        <translation>test</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:78</extracomment>
        <source>p (Holm)</source>
        <translation>p (Holm)</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:78</extracomment>
        <source>better</source>
        <translation>meilleur</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:84</extracomment>
        <source>no significant difference</source>
        <translation>pas de différence significative</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:96</extracomment>
        <source>higher is better</source>
        <translation>plus haut est meilleur</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:96; core/reports/tool_reports.py:198</extracomment>
        <source>lower is better</source>
        <translation>plus bas = meilleur</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:97</extracomment>
        <source>ranking by the mean</source>
        <translation>classement par la moyenne</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:99</extracomment>
        <source>Mean over the chips, with its interval</source>
        <translation>Moyenne sur les tuiles, avec son intervalle</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:104</extracomment>
        <source>How often each method takes each rank (bootstrap over {} chips)</source>
        <translation>Fréquence de chaque rang pour chaque méthode (bootstrap sur {} tuiles)</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:113</extracomment>
        <source>Comparison of runs: {}</source>
        <translation>Comparaison d’exécutions : {}</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:115</extracomment>
        <source>Methods</source>
        <translation>Méthodes</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:116</extracomment>
        <source>Chips in every run</source>
        <translation>Tuiles présentes dans toutes les exécutions</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:117</extracomment>
        <source>of</source>
        <translation>sur</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:118; core/reports/tool_reports.py:242</extracomment>
        <source>Intervals</source>
        <translation>Intervalles</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:119</extracomment>
        <source>resamples</source>
        <translation>rééchantillonnages</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:119</extracomment>
        <source>seed</source>
        <translation>graine</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:120</extracomment>
        <source>tests</source>
        <translation>tests</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:121</extracomment>
        <source>sign test when a quarter of the chips or more are ties</source>
        <translation>test des signes quand un quart des tuiles ou plus sont des égalités</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:122</extracomment>
        <source>Holm correction over the pairs of each score</source>
        <translation>correction de Holm sur les paires de chaque score</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:124</extracomment>
        <source>Left out (not in every run)</source>
        <translation>Exclues (absentes d’au moins une exécution)</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:130</extracomment>
        <source>Agreement between scores</source>
        <translation>Accord entre scores</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:132</extracomment>
        <source>rankings of the methods</source>
        <translation>classements des méthodes</translation>
    </message>
    <message>
        <extracomment>core/reports/runs_report.py:132</extracomment>
        <source>chips</source>
        <translation>tuiles</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:70</extracomment>
        <source>Score against number of errors</source>
        <translation>Score selon le nombre d&apos;erreurs</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:71</extracomment>
        <source>Each panel: the score of every metric (one line each) against the number of synthetic errors of one type put into a copy of the ground truth (mean over {} repetition(s); bars: standard deviation). A score that moves by less than {} between 0 and {} errors is flat: the metric does not see that kind of error (dashed line, listed in red). Citraro et al., ECCV 2020, Fig. 5.</source>
        <translation>Chaque panneau : le score de chaque métrique (une ligne chacune) selon le nombre d&apos;erreurs synthétiques d&apos;un type introduites dans une copie de la vérité terrain (moyenne sur {} répétition(s) ; barres : écart type). Un score qui varie de moins de {} entre 0 et {} erreurs est plat : la métrique ne voit pas ce type d&apos;erreur (ligne en tirets, listée en rouge). Citraro et al., ECCV 2020, fig. 5.</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:88</extracomment>
        <source>Perturbations and conventions: see the documentation of the plugin.</source>
        <translation>Perturbations et conventions : voir la documentation de l&apos;extension.</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:115</extracomment>
        <source>flat: {}</source>
        <translation>plat : {}</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:115</extracomment>
        <source>every score reacts</source>
        <translation>tous les scores réagissent</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:119</extracomment>
        <source>number of errors</source>
        <translation>nombre d&apos;erreurs</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:126</extracomment>
        <source>Change of each score from 0 to {} errors</source>
        <translation>Variation de chaque score de 0 à {} erreurs</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:136</extracomment>
        <source>Oriented change (negative = the score gets worse); red: |change| &lt; {} (insensitive).</source>
        <translation>Variation orientée (négative = le score se dégrade) ; rouge : |variation| &lt; {} (insensible).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:144</extracomment>
        <source>What the errors look like</source>
        <translation>À quoi ressemblent les erreurs</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:144</extracomment>
        <source>The perturbed copy at the largest count (first repetition): network grey, errors red (gaps, spurious roads, displacements, copies, removed ground truth).</source>
        <translation>La copie perturbée au plus grand nombre (première répétition) : réseau en gris, erreurs en rouge (coupures, routes en trop, déplacements, copies, vérité terrain supprimée).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:159</extracomment>
        <source>Mean scores</source>
        <translation>Scores moyens</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:160</extracomment>
        <source>error type</source>
        <translation>type d&apos;erreur</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:199</extracomment>
        <source>Scores and ranks</source>
        <translation>Scores et rangs</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:200; core/reports/tool_reports.py:367</extracomment>
        <source>method</source>
        <translation>méthode</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:212</extracomment>
        <source>Value (rank); bold: best.</source>
        <translation>Valeur (rang) ; gras : la meilleure.</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:213</extracomment>
        <source>Aggregated over {} tile(s) ({}).</source>
        <translation>Agrégé sur {} tuile(s) ({}).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:215</extracomment>
        <source>Whole extent.</source>
        <translation>Emprise entière.</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:223</extracomment>
        <source>Best method by score:</source>
        <translation>Meilleure méthode par score :</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:251</extracomment>
        <source>The intervals of the two best methods overlap heavily on {}: these scores do not rank them apart; compare the two methods paired, tile by tile (docs/tools.md, Intervals).</source>
        <translation>Les intervalles des deux meilleures méthodes se recouvrent largement pour {} : ces scores ne les départagent pas ; comparez les deux méthodes par paires, tuile par tuile (docs/tools.md, Intervals).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:265</extracomment>
        <source>Pairwise preferences</source>
        <translation>Préférences par paires</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:265</extracomment>
        <source>For each pair of methods (first, second) and each reference (tile), the difference of every score, oriented so that a bar to the right prefers the first method. Consistent metrics point the same way (Citraro et al., Fig. 6).</source>
        <translation>Pour chaque paire de méthodes (première, seconde) et chaque référence (tuile), la différence de chaque score, orientée pour qu&apos;une barre vers la droite préfère la première méthode. Des métriques cohérentes pointent dans le même sens (Citraro et al., fig. 6).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:294</extracomment>
        <source>Correlations between metrics</source>
        <translation>Corrélations entre métriques</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:294</extracomment>
        <source>Over every (reference, method) sample, scores oriented so that higher is better (Citraro et al., Fig. 8).</source>
        <translation>Sur tous les échantillons (référence, méthode), scores orientés pour que plus haut soit meilleur (Citraro et al., fig. 8).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:297</extracomment>
        <source>Pearson correlation</source>
        <translation>Corrélation de Pearson</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:297</extracomment>
        <source>Spearman correlation</source>
        <translation>Corrélation de Spearman</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:306</extracomment>
        <source>Equal-Sorting Ratio</source>
        <translation>Taux de tri identique (ESR)</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:319</extracomment>
        <source>Mean pairwise Pearson correlation of score triplets (Fig. 8 right): most consistent {} ({}), least consistent {} ({}).</source>
        <translation>Corrélation de Pearson moyenne par paires des triplets de scores (fig. 8 à droite) : le plus cohérent {} ({}), le moins cohérent {} ({}).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:330</extracomment>
        <source>Equal-Sorting Ratio and Sorting Margins</source>
        <translation>Taux de tri identique et marges de tri</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:331</extracomment>
        <source>Triplets (reference, method B, method C): ESR is the share of ordered triplets that two scores sort alike; the Sorting Margin sign(a)√|a|, a = (q1(B) - q1(C))(q2(B) - q2(C)), is negative for a missorted triplet and small when the disagreement is marginal (Lopez-Molina et al., eq. 8-12).</source>
        <translation>Triplets (référence, méthode B, méthode C) : l&apos;ESR est la part des triplets ordonnés que deux scores trient de la même façon ; la marge de tri sign(a)√|a|, a = (q1(B) - q1(C))(q2(B) - q2(C)), est négative pour un triplet mal trié et petite quand le désaccord est marginal (Lopez-Molina et al., éq. 8-12).</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:336</extracomment>
        <source>score 1</source>
        <translation>score 1</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:336</extracomment>
        <source>score 2</source>
        <translation>score 2</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:336</extracomment>
        <source>samples</source>
        <translation>échantillons</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:337; core/reports/tool_reports.py:359</extracomment>
        <source>triplets</source>
        <translation>triplets</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:337</extracomment>
        <source>missorted pairs</source>
        <translation>paires mal triées</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:337</extracomment>
        <source>min SM</source>
        <translation>SM min.</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:337</extracomment>
        <source>median SM</source>
        <translation>SM médiane</translation>
    </message>
    <message>
        <extracomment>core/reports/tool_reports.py:358</extracomment>
        <source>Sorting Margin</source>
        <translation>Marge de tri</translation>
    </message>
    <message>
        <extracomment>core/runner.py:47</extracomment>
        <source>{} scores two line layers, not rasters.</source>
        <translation>{} évalue deux couches de lignes, pas des rasters.</translation>
    </message>
    <message>
        <extracomment>core/runner.py:126</extracomment>
        <source>{} scores two rasters (masks), not two line layers: run it on rasters (roadmetrics:{}, roadnetworkmetrics.{}).</source>
        <translation>{} évalue deux rasters (masques), pas deux couches de lignes : exécutez-la sur des rasters (roadmetrics:{}, roadnetworkmetrics.{}).</translation>
    </message>
    <message>
        <extracomment>core/schema.py:115</extracomment>
        <source>at least {} {}</source>
        <translation>au moins {} {}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:115</extracomment>
        <source>at least {}</source>
        <translation>au moins {}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:118</extracomment>
        <source>from {} to {} {}</source>
        <translation>de {} à {} {}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:119</extracomment>
        <source>from {} to {}</source>
        <translation>de {} à {}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:124</extracomment>
        <source>{} ({})</source>
        <translation>{} ({})</translation>
    </message>
    <message>
        <extracomment>core/schema.py:128</extracomment>
        <source>{} needs a value.</source>
        <translation>{} doit avoir une valeur.</translation>
    </message>
    <message>
        <extracomment>core/schema.py:130</extracomment>
        <source>a whole number</source>
        <translation>un nombre entier</translation>
    </message>
    <message>
        <extracomment>core/schema.py:130</extracomment>
        <source>a finite number</source>
        <translation>un nombre fini</translation>
    </message>
    <message>
        <extracomment>core/schema.py:136; core/schema.py:139; core/schema.py:144; core/schema.py:149</extracomment>
        <source>{} must be {} {}; got {}.</source>
        <translation>{} doit être {} {} ; reçu {}.</translation>
    </message>
    <message>
        <extracomment>core/schema.py:154</extracomment>
        <source>{} must be one of {}; got {}.</source>
        <translation>{} doit être l&apos;une des valeurs {} ; reçu {}.</translation>
    </message>
    <message>
        <extracomment>core/schema.py:162</extracomment>
        <source>{} must be true or false; got {}.</source>
        <translation>{} doit être vrai ou faux ; reçu {}.</translation>
    </message>
    <message>
        <extracomment>core/schema.py:164</extracomment>
        <source>{} must be text (a field name); got {}.</source>
        <translation>{} doit être un texte (un nom de champ) ; reçu {}.</translation>
    </message>
    <message>
        <extracomment>core/schema.py:397</extracomment>
        <source>{}: unknown parameter {}</source>
        <translation>{} : paramètre inconnu {}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:406</extracomment>
        <source>Vertex merge tolerance (MERGE_TOLERANCE, {} m) must be far below {} ({}, {} m): at most 1/{} of it. Lower MERGE_TOLERANCE (default 0.05 m) or raise {}.</source>
        <translation>La tolérance de fusion des sommets (MERGE_TOLERANCE, {} m) doit être bien inférieure au paramètre « {} » ({}, {} m) : au plus 1/{} de cette valeur. Diminuez MERGE_TOLERANCE (0.05 m par défaut) ou augmentez {}.</translation>
    </message>
    <message>
        <extracomment>core/schema.py:439</extracomment>
        <source>{} must be a number, got {!r}</source>
        <translation>{} doit être un nombre, reçu {!r}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:446</extracomment>
        <source>{} must be &gt; 0 (metres), got {}</source>
        <translation>{} doit être &gt; 0 (mètres), reçu {}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:454</extracomment>
        <source>{} must be &gt;= 0 (metres), got {}</source>
        <translation>{} doit être &gt;= 0 (mètres), reçu {}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:462</extracomment>
        <source>{} must be between {:g} and {:g}, got {:g}</source>
        <translation>{} doit être compris entre {:g} et {:g}, reçu {:g}</translation>
    </message>
    <message>
        <extracomment>core/schema.py:490</extracomment>
        <source>{}: {} &apos;{}&apos; is missing from the {} layer (its fields: {}); the field must exist (same name) on both layers</source>
        <translation>{} : {} « {} » est absent de la couche de {} (ses champs : {}) ; le champ doit exister (sous le même nom) dans les deux couches</translation>
    </message>
    <message>
        <extracomment>core/schema.py:493</extracomment>
        <source>{}: {} &apos;{}&apos; is missing from the {} layer (its fields: {})</source>
        <translation>{} : {} « {} » est absent de la couche de {} (ses champs : {})</translation>
    </message>
    <message>
        <extracomment>core/styles.py:36</extracomment>
        <source>over {value}</source>
        <translation>au-delà de {value}</translation>
    </message>
    <message>
        <extracomment>apls: name</extracomment>
        <source>APLS (average path length similarity)</source>
        <translation>APLS (similarité moyenne des longueurs de chemins)</translation>
    </message>
    <message>
        <extracomment>apls: group; optp: group; tlts: group</extracomment>
        <source>Path metrics</source>
        <translation>Métriques de chemins</translation>
    </message>
    <message>
        <extracomment>apls: help</extracomment>
        <source>Compares shortest-path lengths between control points of the two networks (SpaceNet APLS). Control points are every node plus points every CONTROL_SPACING metres along the roads; each is snapped to the other network within SNAP_DISTANCE. A route&apos;s penalty is min(1, |L - L&apos;| / L), 1 when an end is missing or no path exists. APLS combines both directions (ground truth -&gt; prediction catches gaps and missing roads, prediction -&gt; ground truth catches spurious roads). Exact: all control points are used.</source>
        <translation>Compare les longueurs des plus courts chemins entre les points de contrôle des deux réseaux (APLS de SpaceNet). Les points de contrôle sont tous les nœuds, plus des points placés tous les CONTROL_SPACING mètres le long des routes ; chacun est accroché à l&apos;autre réseau dans la limite de SNAP_DISTANCE. La pénalité d&apos;un trajet vaut min(1, |L - L&apos;| / L), et 1 lorsqu&apos;une extrémité manque ou qu&apos;aucun chemin n&apos;existe. L&apos;APLS combine les deux sens (vérité terrain -&gt; prédiction révèle les interruptions et les routes manquantes, prédiction -&gt; vérité terrain révèle les routes parasites). Calcul exact : tous les points de contrôle sont utilisés.</translation>
    </message>
    <message>
        <extracomment>apls: reference</extracomment>
        <source>Van Etten et al., SpaceNet 3/5 (IGARSS 2020); CosmiQ/apls</source>
        <translation>Van Etten et al., SpaceNet 3/5 (IGARSS 2020) ; CosmiQ/apls</translation>
    </message>
    <message>
        <extracomment>apls: parameter CONTROL_SPACING label; subg: parameter SPACING label; optg: parameter SPACING label</extracomment>
        <source>Control point spacing</source>
        <translation>Espacement des points de contrôle</translation>
    </message>
    <message>
        <extracomment>apls: parameter CONTROL_SPACING help</extracomment>
        <source>Maximum distance between control points along an edge (metres). Empty: the variant&apos;s default (50 m; 20 m sat2graph_spacenet). The sat2graph variants count it in hops of 2 m, as the reference does.</source>
        <translation>Distance maximale entre points de contrôle le long d&apos;un arc (mètres). Vide : la valeur par défaut de la variante (50 m ; 20 m pour sat2graph_spacenet). Les variantes sat2graph la comptent en pas de 2 m, comme la référence.</translation>
    </message>
    <message>
        <extracomment>apls: parameter SNAP_DISTANCE label; optp: parameter SNAP_DISTANCE label; tlts: parameter SNAP_DISTANCE label</extracomment>
        <source>Snap distance</source>
        <translation>Distance d&apos;accrochage</translation>
    </message>
    <message>
        <extracomment>apls: parameter SNAP_DISTANCE help</extracomment>
        <source>Control points farther than this from the other network are missing. Empty: the variant&apos;s default (4 m spacenet, 10 m sat2graph).</source>
        <translation>Les points de contrôle plus éloignés que cette distance de l&apos;autre réseau sont considérés comme manquants. Vide : valeur par défaut de la variante (4 m pour spacenet, 10 m pour sat2graph).</translation>
    </message>
    <message>
        <extracomment>apls: parameter MIN_PATH_LENGTH label</extracomment>
        <source>Minimum path length</source>
        <translation>Longueur minimale de chemin</translation>
    </message>
    <message>
        <extracomment>apls: parameter MIN_PATH_LENGTH help</extracomment>
        <source>Routes shorter than this are not scored. Empty: the variant&apos;s default (10 m spacenet, 100 m sat2graph).</source>
        <translation>Les trajets plus courts que cette longueur ne sont pas évalués. Vide : valeur par défaut de la variante (10 m pour spacenet, 100 m pour sat2graph).</translation>
    </message>
    <message>
        <extracomment>apls: parameter VARIANT label; topo: parameter VARIANT label</extracomment>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <extracomment>apls: parameter VARIANT help</extracomment>
        <source>spacenet: CosmiQ/SpaceNet rules, harmonic mean. sat2graph: Sat2Graph&apos;s Go APLS replayed as City-Scale papers (Sat2Graph, RNGDet++, SAM-Road) report it, on a tile with its corner at (0, 0), x along the reference&apos;s first pixel axis: 2 m hops, control points inside the tile less a 100 m margin, one-to-one snapping, arithmetic mean, NaN without pairs. sat2graph_spacenet: the same code with SAM-Road&apos;s SpaceNet constants (352 m region, 30 m margin).</source>
        <translation>spacenet : règles CosmiQ/SpaceNet, moyenne harmonique. sat2graph : l&apos;APLS en Go de Sat2Graph rejoué tel que les articles City-Scale (Sat2Graph, RNGDet++, SAM-Road) le publient, sur une tuile de coin (0, 0), x selon le premier axe de pixels de la référence : pas de 2 m, points de contrôle dans la tuile moins une marge de 100 m, accrochage un à un, moyenne arithmétique, NaN sans paire. sat2graph_spacenet : le même code avec les constantes SpaceNet de SAM-Road (région de 352 m, marge de 30 m).</translation>
    </message>
    <message>
        <extracomment>apls: parameter VARIANT option</extracomment>
        <source>spacenet</source>
        <translation>spacenet</translation>
    </message>
    <message>
        <extracomment>apls: parameter VARIANT option; topo: parameter VARIANT option</extracomment>
        <source>sat2graph</source>
        <translation>sat2graph</translation>
    </message>
    <message>
        <extracomment>apls: parameter VARIANT option; topo: parameter VARIANT option</extracomment>
        <source>sat2graph_spacenet</source>
        <translation>sat2graph_spacenet</translation>
    </message>
    <message>
        <extracomment>apls: parameter TILE_SIZE label</extracomment>
        <source>Tile size (sat2graph)</source>
        <translation>Taille de tuile (sat2graph)</translation>
    </message>
    <message>
        <extracomment>apls: parameter TILE_SIZE help</extracomment>
        <source>sat2graph variants: the tile&apos;s side from (0, 0), in metres (1 px = 1 m). Empty: 2048 (sat2graph), 352 (sat2graph_spacenet).</source>
        <translation>Variantes sat2graph : le côté de la tuile depuis (0, 0), en mètres (1 px = 1 m). Vide : 2048 (sat2graph), 352 (sat2graph_spacenet).</translation>
    </message>
    <message>
        <extracomment>apls: parameter TILE_MARGIN label</extracomment>
        <source>Tile margin (sat2graph)</source>
        <translation>Marge de tuile (sat2graph)</translation>
    </message>
    <message>
        <extracomment>apls: parameter TILE_MARGIN help</extracomment>
        <source>sat2graph variants: control points only farther than this from the tile&apos;s sides. Empty: 100 (sat2graph), 30 (sat2graph_spacenet).</source>
        <translation>Variantes sat2graph : points de contrôle seulement plus loin que cela des bords de la tuile. Vide : 100 (sat2graph), 30 (sat2graph_spacenet).</translation>
    </message>
    <message>
        <extracomment>apls: parameter ORDERS label</extracomment>
        <source>Random orders (sat2graph)</source>
        <translation>Ordres aléatoires (sat2graph)</translation>
    </message>
    <message>
        <extracomment>apls: parameter ORDERS help</extracomment>
        <source>sat2graph variants: where the reference&apos;s result depends on Go&apos;s random map order (one-to-one snapping conflicts, e.g. doubled roads), the mean over up to this many random orders drawn with SEED, 4 at a time until its standard error is below 0.001; the reference&apos;s expected number. 1: one fixed order.</source>
        <translation>Variantes sat2graph : là où le résultat de la référence dépend de l&apos;ordre aléatoire des tables de hachage de Go (conflits d&apos;accrochage un à un, p. ex. routes doublées), la moyenne sur au plus ce nombre d&apos;ordres aléatoires tirés avec SEED, 4 à la fois jusqu&apos;à ce que son erreur type soit inférieure à 0,001 ; la valeur attendue de la référence. 1 : un seul ordre fixe.</translation>
    </message>
    <message>
        <extracomment>apls: parameter SPEED_FIELD label</extracomment>
        <source>Speed field (for APLS_time)</source>
        <translation>Champ de vitesse (pour APLS_time)</translation>
    </message>
    <message>
        <extracomment>apls: parameter SPEED_FIELD help</extracomment>
        <source>Numeric speed attribute (same field name in both layers). Adds APLS_TIME.</source>
        <translation>Attribut numérique de vitesse (même nom de champ dans les deux couches). Ajoute APLS_TIME.</translation>
    </message>
    <message>
        <extracomment>apls: parameter SPEED_UNIT label</extracomment>
        <source>Speed unit</source>
        <translation>Unité de vitesse</translation>
    </message>
    <message>
        <extracomment>apls: parameter SPEED_UNIT help</extracomment>
        <source>Unit of the speed field and of DEFAULT_SPEED.</source>
        <translation>Unité du champ de vitesse et de DEFAULT_SPEED.</translation>
    </message>
    <message>
        <extracomment>apls: parameter SPEED_UNIT option</extracomment>
        <source>km/h</source>
        <translation>km/h</translation>
    </message>
    <message>
        <extracomment>apls: parameter SPEED_UNIT option</extracomment>
        <source>m/s</source>
        <translation>m/s</translation>
    </message>
    <message>
        <extracomment>apls: parameter SPEED_UNIT option</extracomment>
        <source>mph</source>
        <translation>mph</translation>
    </message>
    <message>
        <extracomment>apls: parameter DEFAULT_SPEED label</extracomment>
        <source>Default speed</source>
        <translation>Vitesse par défaut</translation>
    </message>
    <message>
        <extracomment>apls: parameter DEFAULT_SPEED help</extracomment>
        <source>Speed used for features without a valid speed value (in SPEED_UNIT).</source>
        <translation>Vitesse utilisée pour les entités sans valeur de vitesse valide (en SPEED_UNIT).</translation>
    </message>
    <message>
        <extracomment>apls: parameter SEED help; subg: parameter SEED help; optg: parameter SEED help; optp: parameter SEED help; tlts: parameter SEED help</extracomment>
        <source>Seed of every random draw (0 to 2147483647); same inputs and seed give the same numbers.</source>
        <translation>Graine de tous les tirages aléatoires (0 à 2147483647) ; mêmes entrées et même graine donnent les mêmes nombres.</translation>
    </message>
    <message>
        <extracomment>apls: parameter CLASS_FIELD help; boundaryf: parameter CLASS_FIELD help; ccq: parameter CLASS_FIELD help; cldice: parameter CLASS_FIELD help; distances: parameter CLASS_FIELD help; junct: parameter CLASS_FIELD help; subg: parameter CLASS_FIELD help; optg: parameter CLASS_FIELD help; optj: parameter CLASS_FIELD help; optp: parameter CLASS_FIELD help; tlts: parameter CLASS_FIELD help; topo: parameter CLASS_FIELD help</extracomment>
        <source>Optional attribute present on both layers (values compared as text). The metric is also computed on the features of each class, and the scores per class are added to SCORES.</source>
        <translation>Attribut facultatif présent dans les deux couches (valeurs comparées comme texte). La métrique est aussi calculée sur les entités de chaque classe, et les scores par classe sont ajoutés à SCORES.</translation>
    </message>
    <message>
        <extracomment>apls: parameter MERGE_TOLERANCE help; boundaryf: parameter MERGE_TOLERANCE help; ccq: parameter MERGE_TOLERANCE help; cldice: parameter MERGE_TOLERANCE help; distances: parameter MERGE_TOLERANCE help; instances: parameter MERGE_TOLERANCE help; junct: parameter MERGE_TOLERANCE help; subg: parameter MERGE_TOLERANCE help; optg: parameter MERGE_TOLERANCE help; optj: parameter MERGE_TOLERANCE help; optp: parameter MERGE_TOLERANCE help; tlts: parameter MERGE_TOLERANCE help; topo: parameter MERGE_TOLERANCE help</extracomment>
        <source>An end of a line and a vertex of another line closer than this are one node (lines connect there); vertices of one road are never merged. 0 to 1 m, and at most 1/5 of any sampling spacing.</source>
        <translation>Une extrémité de ligne et un sommet d&apos;une autre ligne plus proches que cette distance forment un seul nœud (les lignes s&apos;y raccordent) ; les sommets d&apos;une même route ne sont jamais fusionnés. De 0 à 1 m, et au plus 1/5 de chaque espacement d&apos;échantillonnage.</translation>
    </message>
    <message>
        <extracomment>apls: parameter NODE_CROSSINGS help; boundaryf: parameter NODE_CROSSINGS help; ccq: parameter NODE_CROSSINGS help; cldice: parameter NODE_CROSSINGS help; distances: parameter NODE_CROSSINGS help; instances: parameter NODE_CROSSINGS help; junct: parameter NODE_CROSSINGS help; subg: parameter NODE_CROSSINGS help; optg: parameter NODE_CROSSINGS help; optj: parameter NODE_CROSSINGS help; optp: parameter NODE_CROSSINGS help; tlts: parameter NODE_CROSSINGS help; topo: parameter NODE_CROSSINGS help</extracomment>
        <source>Off (default): lines that cross without a shared vertex are not connected (bridges, tunnels). On: every crossing becomes a junction.</source>
        <translation>Désactivé (par défaut) : les lignes qui se croisent sans sommet commun ne sont pas raccordées (ponts, tunnels). Activé : chaque croisement devient une intersection.</translation>
    </message>
    <message>
        <extracomment>apls: output APLS label</extracomment>
        <source>APLS</source>
        <translation>APLS</translation>
    </message>
    <message>
        <extracomment>apls: output APLS help</extracomment>
        <source>Combined score in [0, 1].</source>
        <translation>Score combiné, dans [0, 1].</translation>
    </message>
    <message>
        <extracomment>apls: output APLS_GT_TO_PRED label</extracomment>
        <source>APLS ground truth -&gt; prediction</source>
        <translation>APLS vérité terrain -&gt; prédiction</translation>
    </message>
    <message>
        <extracomment>apls: output APLS_GT_TO_PRED help</extracomment>
        <source>1 - mean penalty of ground-truth routes (gaps, missing roads).</source>
        <translation>1 - pénalité moyenne des trajets de la vérité terrain (interruptions, routes manquantes).</translation>
    </message>
    <message>
        <extracomment>apls: output APLS_PRED_TO_GT label</extracomment>
        <source>APLS prediction -&gt; ground truth</source>
        <translation>APLS prédiction -&gt; vérité terrain</translation>
    </message>
    <message>
        <extracomment>apls: output APLS_PRED_TO_GT help</extracomment>
        <source>1 - mean penalty of predicted routes (spurious roads and shortcuts).</source>
        <translation>1 - pénalité moyenne des trajets prédits (routes parasites et raccourcis).</translation>
    </message>
    <message>
        <extracomment>apls: output APLS_TIME label</extracomment>
        <source>APLS (travel time)</source>
        <translation>APLS (temps de parcours)</translation>
    </message>
    <message>
        <extracomment>apls: output APLS_TIME help</extracomment>
        <source>APLS on travel times; NaN without SPEED_FIELD.</source>
        <translation>APLS sur les temps de parcours ; NaN sans SPEED_FIELD.</translation>
    </message>
    <message>
        <extracomment>apls: sink MATCHED label; subg: sink MATCHED label; optg: sink MATCHED label; topo: sink MATCHED label</extracomment>
        <source>Matched control points</source>
        <translation>Points de contrôle appariés</translation>
    </message>
    <message>
        <extracomment>apls: sink MATCHED help</extracomment>
        <source>Control points snapped to the other network; graduated by mean_pen.</source>
        <translation>Points de contrôle accrochés à l&apos;autre réseau ; symbologie graduée selon mean_pen.</translation>
    </message>
    <message>
        <extracomment>apls: sink MATCHED legend 0</extracomment>
        <source>penalty under 0.1 (paths agree)</source>
        <translation>pénalité sous 0,1 (les chemins concordent)</translation>
    </message>
    <message>
        <extracomment>apls: sink MATCHED legend 1</extracomment>
        <source>penalty 0.1 - 0.3</source>
        <translation>pénalité 0,1 - 0,3</translation>
    </message>
    <message>
        <extracomment>apls: sink MATCHED legend 2</extracomment>
        <source>penalty 0.3 - 0.6</source>
        <translation>pénalité 0,3 - 0,6</translation>
    </message>
    <message>
        <extracomment>apls: sink MATCHED legend 3</extracomment>
        <source>penalty over 0.6 (paths disagree)</source>
        <translation>pénalité au-delà de 0,6 (les chemins divergent)</translation>
    </message>
    <message>
        <extracomment>apls: sink UNMATCHED_GT label</extracomment>
        <source>Missing ground-truth control points</source>
        <translation>Points de contrôle manquants de la vérité terrain</translation>
    </message>
    <message>
        <extracomment>apls: sink UNMATCHED_GT help</extracomment>
        <source>Ground-truth control points with no prediction within SNAP_DISTANCE.</source>
        <translation>Points de contrôle de la vérité terrain sans prédiction à moins de SNAP_DISTANCE.</translation>
    </message>
    <message>
        <extracomment>apls: sink UNMATCHED_PRED label</extracomment>
        <source>Spurious prediction control points</source>
        <translation>Points de contrôle parasites de la prédiction</translation>
    </message>
    <message>
        <extracomment>apls: sink UNMATCHED_PRED help</extracomment>
        <source>Prediction control points with no ground truth within SNAP_DISTANCE.</source>
        <translation>Points de contrôle de la prédiction sans vérité terrain à moins de SNAP_DISTANCE.</translation>
    </message>
    <message>
        <extracomment>boundaryf: name; pixel_boundaryf: output F label</extracomment>
        <source>Boundary F-measure</source>
        <translation>F-mesure de contours</translation>
    </message>
    <message>
        <extracomment>boundaryf: group; ccq: group; cldice: group; distances: group</extracomment>
        <source>Geometric metrics</source>
        <translation>Métriques géométriques</translation>
    </message>
    <message>
        <extracomment>boundaryf: help</extracomment>
        <source>Precision, recall and F-measure of the lines under one of four matching strategies (Lopez-Molina et al.): distance (a line part is matched within TOLERANCE of the other network; exact lengths), area (overlap of the TOLERANCE neighbourhoods; TP, FP, FN in square metres), correspondence (one-to-one exact assignment of points sampled every SAMPLE_SPACING metres, as the BSDS benchmark) and validation (closest point first, rejected when another line lies between the two points or the orientations differ by more than ANGLE_TOLERANCE). F = P R / (ALPHA P + (1 - ALPHA) R). Empty inputs: both empty -&gt; 1; one empty -&gt; the rate of the empty side NaN, the other 0, F 0.</source>
        <translation>Précision, rappel et F-mesure des lignes selon l&apos;une des quatre stratégies d&apos;appariement de Lopez-Molina et al. : distance (une partie de ligne est appariée à moins de TOLERANCE de l&apos;autre réseau ; longueurs exactes), area (recouvrement des voisinages TOLERANCE ; TP, FP, FN en mètres carrés), correspondence (affectation exacte un-à-un de points échantillonnés tous les SAMPLE_SPACING mètres, comme le benchmark BSDS) et validation (point le plus proche d&apos;abord, rejeté lorsqu&apos;une autre ligne se trouve entre les deux points ou que les orientations diffèrent de plus de ANGLE_TOLERANCE). F = P R / (ALPHA P + (1 - ALPHA) R). Entrées vides : les deux vides -&gt; 1 ; une seule vide -&gt; le taux du côté vide vaut NaN, l&apos;autre 0, F 0.</translation>
    </message>
    <message>
        <extracomment>boundaryf: reference</extracomment>
        <source>Lopez-Molina et al., boundary matching survey; Martin et al., BSDS; Estrada &amp; Jepson, IJCV 2009</source>
        <translation>Lopez-Molina et al., synthèse sur l&apos;appariement de contours ; Martin et al., BSDS ; Estrada &amp; Jepson, IJCV 2009</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter STRATEGY label; pixel_boundaryf: parameter STRATEGY label</extracomment>
        <source>Matching strategy</source>
        <translation>Stratégie d&apos;appariement</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter STRATEGY help</extracomment>
        <source>distance (DbM), area (AbM), correspondence (CbM, one-to-one), validation (Pv).</source>
        <translation>distance (DbM), area (AbM), correspondence (CbM, un-à-un), validation (Pv).</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter STRATEGY option; pixel_boundaryf: parameter STRATEGY option</extracomment>
        <source>distance</source>
        <translation>distance</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter STRATEGY option; instances: parameter OVERLAP option; pixel_boundaryf: parameter STRATEGY option</extracomment>
        <source>area</source>
        <translation>aire</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter STRATEGY option; pixel_boundaryf: parameter STRATEGY option</extracomment>
        <source>correspondence</source>
        <translation>correspondance</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter STRATEGY option; pixel_boundaryf: parameter STRATEGY option</extracomment>
        <source>validation</source>
        <translation>validation</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter TOLERANCE label; distances: parameter TOLERANCE label; pixel_boundaryf: parameter TOLERANCE label; pixel_distances: parameter TOLERANCE label</extracomment>
        <source>Tolerance</source>
        <translation>Tolérance</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter TOLERANCE help</extracomment>
        <source>Largest distance between matched lines or points; the neighbourhood radius for area (metres; 4 m ~ half a two-lane road).</source>
        <translation>Distance maximale entre lignes ou points appariés ; rayon du voisinage pour area (mètres ; 4 m ~ la moitié d&apos;une route à deux voies).</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter ALPHA label</extracomment>
        <source>Alpha (F weight)</source>
        <translation>Alpha (pondération de F)</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter ALPHA help</extracomment>
        <source>F = P R / (ALPHA P + (1 - ALPHA) R); 0.5 = harmonic mean, 1 = recall, 0 = precision.</source>
        <translation>F = P R / (ALPHA P + (1 - ALPHA) R) ; 0,5 = moyenne harmonique, 1 = rappel, 0 = précision.</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter SAMPLE_SPACING label</extracomment>
        <source>Sample spacing (correspondence, validation)</source>
        <translation>Espacement des échantillons (correspondence, validation)</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter SAMPLE_SPACING help</extracomment>
        <source>Points are sampled every &lt;= this many metres along both networks for the correspondence and validation strategies (the pixels of the image benchmarks; 1 m = 2 px at 0.5 m/px).</source>
        <translation>Les points sont échantillonnés tous les &lt;= ce nombre de mètres le long des deux réseaux pour les stratégies correspondence et validation (l&apos;équivalent des pixels des benchmarks d&apos;images ; 1 m = 2 px à 0,5 m/px).</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter ANGLE_TOLERANCE label; pixel_boundaryf: parameter ANGLE_TOLERANCE label</extracomment>
        <source>Angle tolerance (validation)</source>
        <translation>Tolérance d&apos;angle (validation)</translation>
    </message>
    <message>
        <extracomment>boundaryf: parameter ANGLE_TOLERANCE help</extracomment>
        <source>validation: largest difference of line orientation between two matched points (degrees; Estrada and Jepson use pi/4).</source>
        <translation>validation : écart maximal d&apos;orientation des lignes entre deux points appariés (degrés ; Estrada et Jepson utilisent pi/4).</translation>
    </message>
    <message>
        <extracomment>boundaryf: output PRECISION label; subg: output PRECISION label; optg: output PRECISION label; optj: output PRECISION label; pixel_boundaryf: output PRECISION label; topo: output PRECISION label</extracomment>
        <source>Precision</source>
        <translation>Précision</translation>
    </message>
    <message>
        <extracomment>boundaryf: output PRECISION help</extracomment>
        <source>Matched prediction / prediction (length, or area).</source>
        <translation>Prédiction appariée / prédiction (longueur, ou surface).</translation>
    </message>
    <message>
        <extracomment>boundaryf: output RECALL label; subg: output RECALL label; optg: output RECALL label; optj: output RECALL label; pixel_boundaryf: output RECALL label; topo: output RECALL label</extracomment>
        <source>Recall</source>
        <translation>Rappel</translation>
    </message>
    <message>
        <extracomment>boundaryf: output RECALL help</extracomment>
        <source>Matched ground truth / ground truth (length, or area).</source>
        <translation>Vérité terrain appariée / vérité terrain (longueur, ou surface).</translation>
    </message>
    <message>
        <extracomment>boundaryf: output F label</extracomment>
        <source>F-measure</source>
        <translation>F-mesure</translation>
    </message>
    <message>
        <extracomment>boundaryf: output F help</extracomment>
        <source>P R / (ALPHA P + (1 - ALPHA) R); 0 when both are 0.</source>
        <translation>P R / (ALPHA P + (1 - ALPHA) R) ; 0 si les deux valent 0.</translation>
    </message>
    <message>
        <extracomment>boundaryf: output TP label</extracomment>
        <source>True positives (m or m2)</source>
        <translation>Vrais positifs (m ou m2)</translation>
    </message>
    <message>
        <extracomment>boundaryf: output TP help</extracomment>
        <source>Matched prediction length (area for AbM).</source>
        <translation>Longueur de prédiction appariée (surface pour AbM).</translation>
    </message>
    <message>
        <extracomment>boundaryf: output FP label</extracomment>
        <source>False positives (m or m2)</source>
        <translation>Faux positifs (m ou m2)</translation>
    </message>
    <message>
        <extracomment>boundaryf: output FP help</extracomment>
        <source>Unmatched prediction length (area for AbM).</source>
        <translation>Longueur de prédiction non appariée (surface pour AbM).</translation>
    </message>
    <message>
        <extracomment>boundaryf: output FN label</extracomment>
        <source>False negatives (m or m2)</source>
        <translation>Faux négatifs (m ou m2)</translation>
    </message>
    <message>
        <extracomment>boundaryf: output FN help</extracomment>
        <source>Unmatched ground-truth length (area for AbM).</source>
        <translation>Longueur de vérité terrain non appariée (surface pour AbM).</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink MATCHED label</extracomment>
        <source>Matched parts</source>
        <translation>Parties appariées</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink MATCHED help</extracomment>
        <source>Matched parts of both networks (area: the parts within TOLERANCE of the other). Fields: source, length.</source>
        <translation>Parties appariées des deux réseaux (area : les parties à moins de TOLERANCE de l&apos;autre). Champs : source, length (longueur).</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink UNMATCHED_GT label; ccq: sink UNMATCHED_GT label</extracomment>
        <source>Missed ground truth</source>
        <translation>Vérité terrain manquée</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink UNMATCHED_GT help</extracomment>
        <source>Unmatched parts of the ground truth (false negatives).</source>
        <translation>Parties non appariées de la vérité terrain (faux négatifs).</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink UNMATCHED_PRED label; ccq: sink UNMATCHED_PRED label</extracomment>
        <source>Spurious prediction</source>
        <translation>Prédiction parasite</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink UNMATCHED_PRED help</extracomment>
        <source>Unmatched parts of the prediction (false positives).</source>
        <translation>Parties non appariées de la prédiction (faux positifs).</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink CORRESPONDENCES label</extracomment>
        <source>Point correspondences</source>
        <translation>Correspondances de points</translation>
    </message>
    <message>
        <extracomment>boundaryf: sink CORRESPONDENCES help</extracomment>
        <source>correspondence: one line per matched pair of points (source &apos;pair&apos;); validation: one line from each validated point to its partner (source = the network of the point). Empty for the other strategies. Field distance (m).</source>
        <translation>correspondence : une ligne par paire de points appariés (source &apos;pair&apos;) ; validation : une ligne de chaque point validé vers son partenaire (source = le réseau du point). Vide pour les autres stratégies. Champ distance (m).</translation>
    </message>
    <message>
        <extracomment>ccq: name</extracomment>
        <source>CCQ (correctness, completeness, quality)</source>
        <translation>CCQ (exactitude, complétude, qualité)</translation>
    </message>
    <message>
        <extracomment>ccq: help</extracomment>
        <source>Buffer method of Wiedemann and Heipke. The lines are cut exactly where they leave the BUFFER around the other network; completeness = matched ground-truth length / ground-truth length, correctness = matched predicted length / predicted length, quality = matched predicted length / (predicted length + missed ground-truth length). QUALITY_RATIO is the comp*corr / (comp + corr - comp*corr) form some code uses; the two differ when the matched lengths of both sides differ. Empty inputs: both empty -&gt; perfect scores; one empty -&gt; the rates of the empty side are NaN, quality and F1 are 0.</source>
        <translation>Méthode des zones tampons de Wiedemann et Heipke. Les lignes sont coupées exactement là où elles sortent de la zone tampon BUFFER autour de l&apos;autre réseau ; complétude = longueur appariée de la vérité terrain / longueur de la vérité terrain, exactitude = longueur prédite appariée / longueur prédite, qualité = longueur prédite appariée / (longueur prédite + longueur manquée de la vérité terrain). QUALITY_RATIO est la forme comp*corr / (comp + corr - comp*corr) utilisée par certains codes ; les deux diffèrent lorsque les longueurs appariées des deux côtés diffèrent. Entrées vides : les deux vides -&gt; scores parfaits ; une seule vide -&gt; les taux du côté vide valent NaN, la qualité et le F1 valent 0.</translation>
    </message>
    <message>
        <extracomment>ccq: reference</extracomment>
        <source>Wiedemann et al. 1998; Wiedemann 2003; Citraro et al., ECCV 2020</source>
        <translation>Wiedemann et al. 1998 ; Wiedemann 2003 ; Citraro et al., ECCV 2020</translation>
    </message>
    <message>
        <extracomment>ccq: parameter BUFFER label</extracomment>
        <source>Buffer width</source>
        <translation>Largeur de la zone tampon</translation>
    </message>
    <message>
        <extracomment>ccq: parameter BUFFER help</extracomment>
        <source>A line counts as matched where it lies within this distance of the other network (metres; 4 m ~ half a two-lane road, 8 px at 0.5 m/px).</source>
        <translation>Une ligne est considérée comme appariée là où elle se trouve à moins de cette distance de l&apos;autre réseau (mètres ; 4 m ~ la moitié d&apos;une route à deux voies, 8 px à 0,5 m/px).</translation>
    </message>
    <message>
        <extracomment>ccq: parameter SAMPLE_STEP label</extracomment>
        <source>Sampling step of distances</source>
        <translation>Pas d&apos;échantillonnage des distances</translation>
    </message>
    <message>
        <extracomment>ccq: parameter SAMPLE_STEP help</extracomment>
        <source>Distances to the other network (RMS_OFFSET, the distance attributes) are computed every &lt;= this many metres along the lines and interpolated linearly. Matched lengths do not depend on it (exact).</source>
        <translation>Les distances à l&apos;autre réseau (RMS_OFFSET, les attributs de distance) sont calculées tous les &lt;= ce nombre de mètres le long des lignes et interpolées linéairement. Les longueurs appariées n&apos;en dépendent pas (calcul exact).</translation>
    </message>
    <message>
        <extracomment>ccq: output CORRECTNESS label</extracomment>
        <source>Correctness</source>
        <translation>Exactitude</translation>
    </message>
    <message>
        <extracomment>ccq: output CORRECTNESS help</extracomment>
        <source>Share of the predicted length within BUFFER of the ground truth.</source>
        <translation>Part de la longueur prédite située à moins de BUFFER de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>ccq: output COMPLETENESS label</extracomment>
        <source>Completeness</source>
        <translation>Complétude</translation>
    </message>
    <message>
        <extracomment>ccq: output COMPLETENESS help</extracomment>
        <source>Share of the ground-truth length within BUFFER of the prediction.</source>
        <translation>Part de la longueur de la vérité terrain située à moins de BUFFER de la prédiction.</translation>
    </message>
    <message>
        <extracomment>ccq: output QUALITY label</extracomment>
        <source>Quality (length form)</source>
        <translation>Qualité (forme en longueurs)</translation>
    </message>
    <message>
        <extracomment>ccq: output QUALITY help</extracomment>
        <source>Matched predicted length / (predicted length + missed ground-truth length).</source>
        <translation>Longueur prédite appariée / (longueur prédite + longueur manquée de la vérité terrain).</translation>
    </message>
    <message>
        <extracomment>ccq: output QUALITY_RATIO label</extracomment>
        <source>Quality (comp*corr form)</source>
        <translation>Qualité (forme comp*corr)</translation>
    </message>
    <message>
        <extracomment>ccq: output QUALITY_RATIO help</extracomment>
        <source>comp*corr / (comp + corr - comp*corr) (Citraro et al.&apos;s code).</source>
        <translation>comp*corr / (comp + corr - comp*corr) (code de Citraro et al.).</translation>
    </message>
    <message>
        <extracomment>ccq: output F1 label; junct: output F1 label; subg: output F1 label; optg: output F1 label; optj: output F1 label; topo: output F1 label</extracomment>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <extracomment>ccq: output F1 help</extracomment>
        <source>Harmonic mean of completeness and correctness.</source>
        <translation>Moyenne harmonique de la complétude et de l&apos;exactitude.</translation>
    </message>
    <message>
        <extracomment>ccq: output REDUNDANCY label</extracomment>
        <source>Redundancy</source>
        <translation>Redondance</translation>
    </message>
    <message>
        <extracomment>ccq: output REDUNDANCY help</extracomment>
        <source>(matched predicted length - matched ground-truth length) / matched predicted length: &gt; 0 when the prediction doubles roads.</source>
        <translation>(longueur prédite appariée - longueur appariée de la vérité terrain) / longueur prédite appariée : &gt; 0 lorsque la prédiction dédouble des routes.</translation>
    </message>
    <message>
        <extracomment>ccq: output RMS_OFFSET label</extracomment>
        <source>RMS offset (m)</source>
        <translation>Écart quadratique moyen (m)</translation>
    </message>
    <message>
        <extracomment>ccq: output RMS_OFFSET help</extracomment>
        <source>Root mean square distance of the matched prediction to the ground truth.</source>
        <translation>Moyenne quadratique des distances de la prédiction appariée à la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>ccq: sink MATCHED label</extracomment>
        <source>Matched parts (within the buffer)</source>
        <translation>Parties appariées (dans la zone tampon)</translation>
    </message>
    <message>
        <extracomment>ccq: sink MATCHED help</extracomment>
        <source>Parts of both networks within BUFFER of the other. Fields: source, length (m), distance (mean distance to the other network, m), max_distance (m).</source>
        <translation>Parties des deux réseaux à moins de BUFFER de l&apos;autre. Champs : source, length (longueur, m), distance (distance moyenne à l&apos;autre réseau, m), max_distance (m).</translation>
    </message>
    <message>
        <extracomment>ccq: sink UNMATCHED_GT help</extracomment>
        <source>Parts of the ground truth farther than BUFFER from the prediction. Fields: source, length (m), distance (mean distance to the other network, m), max_distance (m).</source>
        <translation>Parties de la vérité terrain à plus de BUFFER de la prédiction. Champs : source, length (longueur, m), distance (distance moyenne à l&apos;autre réseau, m), max_distance (m).</translation>
    </message>
    <message>
        <extracomment>ccq: sink UNMATCHED_PRED help</extracomment>
        <source>Parts of the prediction farther than BUFFER from the ground truth. Fields: source, length (m), distance (mean distance to the other network, m), max_distance (m).</source>
        <translation>Parties de la prédiction à plus de BUFFER de la vérité terrain. Champs : source, length (longueur, m), distance (distance moyenne à l&apos;autre réseau, m), max_distance (m).</translation>
    </message>
    <message>
        <extracomment>cldice: name</extracomment>
        <source>clDice (centreline Dice)</source>
        <translation>clDice (Dice des lignes centrales)</translation>
    </message>
    <message>
        <extracomment>cldice: help</extracomment>
        <source>Centreline Dice of Shit et al. for vector roads: the road region of each network is its lines buffered by half the road width (WIDTH_FIELD, else DEFAULT_WIDTH). TPREC = share of the predicted lines inside the ground-truth region, TSENS = share of the ground-truth lines inside the predicted region, CLDICE = their harmonic mean. Lengths are exact (lines cut where they leave a region). Empty inputs: both empty -&gt; 1; one empty -&gt; the rate of the empty side NaN, the other 0, CLDICE 0.</source>
        <translation>Dice des lignes centrales (centreline Dice) de Shit et al. pour des routes vectorielles : la zone routière de chaque réseau est l&apos;ensemble de ses lignes entourées d&apos;une zone tampon d&apos;une demi-largeur de route (WIDTH_FIELD, sinon DEFAULT_WIDTH). TPREC = part des lignes prédites situées dans la zone de la vérité terrain, TSENS = part des lignes de la vérité terrain situées dans la zone prédite, CLDICE = leur moyenne harmonique. Les longueurs sont exactes (lignes coupées là où elles sortent d&apos;une zone). Entrées vides : les deux vides -&gt; 1 ; une seule vide -&gt; le taux du côté vide vaut NaN, l&apos;autre 0, CLDICE 0.</translation>
    </message>
    <message>
        <extracomment>cldice: reference</extracomment>
        <source>Shit et al., clDice, CVPR 2021</source>
        <translation>Shit et al., clDice, CVPR 2021</translation>
    </message>
    <message>
        <extracomment>cldice: parameter WIDTH_FIELD label</extracomment>
        <source>Road width field (both layers)</source>
        <translation>Champ de largeur de route (les deux couches)</translation>
    </message>
    <message>
        <extracomment>cldice: parameter WIDTH_FIELD help</extracomment>
        <source>Numeric road width in metres, same field name in both layers; features without a valid (positive) value use DEFAULT_WIDTH.</source>
        <translation>Largeur numérique de la route en mètres, même nom de champ dans les deux couches ; les entités sans valeur valide (positive) utilisent DEFAULT_WIDTH.</translation>
    </message>
    <message>
        <extracomment>cldice: parameter DEFAULT_WIDTH label</extracomment>
        <source>Default road width</source>
        <translation>Largeur de route par défaut</translation>
    </message>
    <message>
        <extracomment>cldice: parameter DEFAULT_WIDTH help</extracomment>
        <source>Road width (metres) where WIDTH_FIELD is not given or not valid; 7 m ~ a two-lane road with shoulders. The region is the line buffered by half of it.</source>
        <translation>Largeur de route (mètres) utilisée lorsque WIDTH_FIELD n&apos;est pas indiqué ou pas valide ; 7 m ~ une route à deux voies avec accotements. La zone est la zone tampon de la ligne à la moitié de cette largeur.</translation>
    </message>
    <message>
        <extracomment>cldice: output CLDICE label; pixel_cldice: output CLDICE label</extracomment>
        <source>clDice</source>
        <translation>clDice</translation>
    </message>
    <message>
        <extracomment>cldice: output CLDICE help; pixel_cldice: output CLDICE help</extracomment>
        <source>Harmonic mean of TPREC and TSENS.</source>
        <translation>Moyenne harmonique de TPREC et TSENS.</translation>
    </message>
    <message>
        <extracomment>cldice: output TPREC label; pixel_cldice: output TPREC label</extracomment>
        <source>Topology precision</source>
        <translation>Précision topologique</translation>
    </message>
    <message>
        <extracomment>cldice: output TPREC help</extracomment>
        <source>Share of the predicted lines inside the ground-truth road region.</source>
        <translation>Part des lignes prédites situées dans la zone routière de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>cldice: output TSENS label; pixel_cldice: output TSENS label</extracomment>
        <source>Topology sensitivity</source>
        <translation>Sensibilité topologique</translation>
    </message>
    <message>
        <extracomment>cldice: output TSENS help</extracomment>
        <source>Share of the ground-truth lines inside the predicted road region.</source>
        <translation>Part des lignes de la vérité terrain situées dans la zone routière prédite.</translation>
    </message>
    <message>
        <extracomment>cldice: sink MATCHED label</extracomment>
        <source>Lines inside the other network&apos;s region</source>
        <translation>Lignes dans la zone de l&apos;autre réseau</translation>
    </message>
    <message>
        <extracomment>cldice: sink MATCHED help</extracomment>
        <source>Parts of both networks inside the other&apos;s road region. Fields: source, length.</source>
        <translation>Parties des deux réseaux situées dans la zone routière de l&apos;autre. Champs : source, length (longueur).</translation>
    </message>
    <message>
        <extracomment>cldice: sink UNMATCHED_GT label</extracomment>
        <source>Ground truth outside the predicted region</source>
        <translation>Vérité terrain hors de la zone prédite</translation>
    </message>
    <message>
        <extracomment>cldice: sink UNMATCHED_GT help</extracomment>
        <source>Parts of the ground-truth lines outside the predicted road region.</source>
        <translation>Parties des lignes de la vérité terrain hors de la zone routière prédite.</translation>
    </message>
    <message>
        <extracomment>cldice: sink UNMATCHED_PRED label</extracomment>
        <source>Prediction outside the ground-truth region</source>
        <translation>Prédiction hors de la zone de la vérité terrain</translation>
    </message>
    <message>
        <extracomment>cldice: sink UNMATCHED_PRED help</extracomment>
        <source>Parts of the predicted lines outside the ground-truth road region.</source>
        <translation>Parties des lignes prédites hors de la zone routière de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>distances: name</extracomment>
        <source>Distance metrics</source>
        <translation>Métriques de distance</translation>
    </message>
    <message>
        <extracomment>distances: help</extracomment>
        <source>Distances between the two networks measured along the lines, weighted by length: Hausdorff (largest distance of a point of either network to the other), HD95 (the larger of the two directed PERCENTILE-th percentiles; HD95_POOLED pools both directions first), ASSD (mean over both networks together), MASD (mean of the two directed means), CHAMFER (sum of the two directed means), NSD / surface Dice (share of both networks within TOLERANCE of the other) and Boundary IoU (IoU of the TOLERANCE neighbourhoods, areas). Empty inputs: both empty -&gt; distances 0, NSD and Boundary IoU 1; one empty -&gt; distances NaN, NSD and Boundary IoU 0.</source>
        <translation>Distances entre les deux réseaux mesurées le long des lignes, pondérées par la longueur : Hausdorff (plus grande distance d&apos;un point de l&apos;un des réseaux à l&apos;autre), HD95 (le plus grand des deux centiles orientés d&apos;ordre PERCENTILE ; HD95_POOLED regroupe d&apos;abord les deux sens), ASSD (moyenne sur les deux réseaux réunis), MASD (moyenne des deux moyennes orientées), CHAMFER (somme des deux moyennes orientées), NSD / Dice de surface (part des deux réseaux à moins de TOLERANCE de l&apos;autre) et Boundary IoU (IoU des voisinages TOLERANCE, en surfaces). Entrées vides : les deux vides -&gt; distances 0, NSD et Boundary IoU 1 ; une seule vide -&gt; distances NaN, NSD et Boundary IoU 0.</translation>
    </message>
    <message>
        <extracomment>distances: reference</extracomment>
        <source>Reinke et al., metric pitfalls (2021-2024); Nikolov et al. 2021 (surface Dice); Cheng et al., Boundary IoU, CVPR 2021</source>
        <translation>Reinke et al., metric pitfalls (2021-2024) ; Nikolov et al. 2021 (Dice de surface) ; Cheng et al., Boundary IoU, CVPR 2021</translation>
    </message>
    <message>
        <extracomment>distances: parameter TOLERANCE help</extracomment>
        <source>Tolerated offset for NSD and the neighbourhood half-width for Boundary IoU (metres; 4 m ~ half a two-lane road).</source>
        <translation>Écart toléré pour la NSD et demi-largeur du voisinage pour la Boundary IoU (mètres ; 4 m ~ la moitié d&apos;une route à deux voies).</translation>
    </message>
    <message>
        <extracomment>distances: parameter PERCENTILE label; pixel_distances: parameter PERCENTILE label</extracomment>
        <source>Percentile</source>
        <translation>Centile</translation>
    </message>
    <message>
        <extracomment>distances: parameter PERCENTILE help</extracomment>
        <source>Percentile of the distances reported as HD95 and HD95_POOLED (95: the usual HD95).</source>
        <translation>Centile des distances indiqué comme HD95 et HD95_POOLED (95 : la HD95 habituelle).</translation>
    </message>
    <message>
        <extracomment>distances: parameter SAMPLE_STEP label</extracomment>
        <source>Sampling step</source>
        <translation>Pas d&apos;échantillonnage</translation>
    </message>
    <message>
        <extracomment>distances: parameter SAMPLE_STEP help</extracomment>
        <source>Distances are computed every &lt;= this many metres along the lines and interpolated linearly between (error &lt;= step / 2, usually far less); the Hausdorff distance is refined further. NSD does not depend on it.</source>
        <translation>Les distances sont calculées tous les &lt;= ce nombre de mètres le long des lignes et interpolées linéairement entre ces points (erreur &lt;= pas / 2, en général bien moindre) ; la distance de Hausdorff est affinée davantage. La NSD n&apos;en dépend pas.</translation>
    </message>
    <message>
        <extracomment>distances: output HAUSDORFF label; pixel_distances: output HAUSDORFF label</extracomment>
        <source>Hausdorff distance (m)</source>
        <translation>Distance de Hausdorff (m)</translation>
    </message>
    <message>
        <extracomment>distances: output HAUSDORFF help</extracomment>
        <source>Largest distance from a point of either network to the other network.</source>
        <translation>Plus grande distance d&apos;un point de l&apos;un des réseaux à l&apos;autre réseau.</translation>
    </message>
    <message>
        <extracomment>distances: output HD95 label; pixel_distances: output HD95 label</extracomment>
        <source>HD95 (m)</source>
        <translation>HD95 (m)</translation>
    </message>
    <message>
        <extracomment>distances: output HD95 help</extracomment>
        <source>Larger of the two directed PERCENTILE-th percentiles of the distances (MetricsReloaded).</source>
        <translation>Le plus grand des deux centiles orientés d&apos;ordre PERCENTILE des distances (MetricsReloaded).</translation>
    </message>
    <message>
        <extracomment>distances: output HD95_POOLED label; pixel_distances: output HD95_POOLED label</extracomment>
        <source>HD95, both directions pooled (m)</source>
        <translation>HD95, deux sens regroupés (m)</translation>
    </message>
    <message>
        <extracomment>distances: output HD95_POOLED help</extracomment>
        <source>PERCENTILE-th percentile of the distances of both networks together (medpy).</source>
        <translation>Centile d&apos;ordre PERCENTILE des distances des deux réseaux réunis (medpy).</translation>
    </message>
    <message>
        <extracomment>distances: output ASSD label; pixel_distances: output ASSD label</extracomment>
        <source>ASSD (m)</source>
        <translation>ASSD (m)</translation>
    </message>
    <message>
        <extracomment>distances: output ASSD help</extracomment>
        <source>Average symmetric surface distance: mean distance over both networks together.</source>
        <translation>Distance de surface symétrique moyenne : distance moyenne sur les deux réseaux réunis.</translation>
    </message>
    <message>
        <extracomment>distances: output MASD label; pixel_distances: output MASD label</extracomment>
        <source>MASD (m)</source>
        <translation>MASD (m)</translation>
    </message>
    <message>
        <extracomment>distances: output MASD help</extracomment>
        <source>Mean of the two directed mean distances.</source>
        <translation>Moyenne des deux distances moyennes orientées.</translation>
    </message>
    <message>
        <extracomment>distances: output NSD label; pixel_distances: output NSD label</extracomment>
        <source>NSD (surface Dice)</source>
        <translation>NSD (Dice de surface)</translation>
    </message>
    <message>
        <extracomment>distances: output NSD help</extracomment>
        <source>Share of both networks within TOLERANCE of the other.</source>
        <translation>Part des deux réseaux à moins de TOLERANCE de l&apos;autre.</translation>
    </message>
    <message>
        <extracomment>distances: output BOUNDARY_IOU label; pixel_distances: output BOUNDARY_IOU label</extracomment>
        <source>Boundary IoU</source>
        <translation>Boundary IoU</translation>
    </message>
    <message>
        <extracomment>distances: output BOUNDARY_IOU help</extracomment>
        <source>IoU of the TOLERANCE neighbourhoods (areas).</source>
        <translation>IoU des voisinages TOLERANCE (surfaces).</translation>
    </message>
    <message>
        <extracomment>distances: output CHAMFER label; pixel_distances: output CHAMFER label</extracomment>
        <source>Chamfer distance (m)</source>
        <translation>Distance de chanfrein (m)</translation>
    </message>
    <message>
        <extracomment>distances: output CHAMFER help</extracomment>
        <source>Sum of the two directed mean distances (= 2 MASD).</source>
        <translation>Somme des deux distances moyennes orientées (= 2 MASD).</translation>
    </message>
    <message>
        <extracomment>distances: sink PIECES label</extracomment>
        <source>Lines by distance to the other network</source>
        <translation>Lignes selon la distance à l&apos;autre réseau</translation>
    </message>
    <message>
        <extracomment>distances: sink PIECES help</extracomment>
        <source>Both networks cut where the distance to the other changes class (0-1-2-4-8-16 m). Fields: source, length, distance (mean), max_distance (m).</source>
        <translation>Les deux réseaux, coupés là où la distance à l&apos;autre change de classe (0-1-2-4-8-16 m). Champs : source, length (longueur), distance (moyenne), max_distance (m).</translation>
    </message>
    <message>
        <extracomment>distances: sink HAUSDORFF_POINTS label</extracomment>
        <source>Hausdorff point pair</source>
        <translation>Paire de points de Hausdorff</translation>
    </message>
    <message>
        <extracomment>distances: sink HAUSDORFF_POINTS help</extracomment>
        <source>The point realising the Hausdorff distance (role farthest, on network &apos;source&apos;) and its nearest point on the other network (role nearest).</source>
        <translation>Le point qui réalise la distance de Hausdorff (role farthest, sur le réseau &apos;source&apos;) et son point le plus proche sur l&apos;autre réseau (role nearest).</translation>
    </message>
    <message>
        <extracomment>instances: name</extracomment>
        <source>Instance matching and AP</source>
        <translation>Appariement d&apos;instances et AP</translation>
    </message>
    <message>
        <extracomment>instances: group</extracomment>
        <source>Instances and classes</source>
        <translation>Instances et classes</translation>
    </message>
    <message>
        <extracomment>instances: help</extracomment>
        <source>Mapillary Vistas / Cityscapes evaluation for lines. Instances are the chains between junctions (DISSOLVE, default) or the features as given. A ground-truth and a predicted instance of the same class overlap by the IoU of their TOLERANCE neighbourhoods (or by length-based mutual coverage). AP: at each IoU threshold 0.50, 0.55, ..., 0.95 predictions are matched by decreasing confidence, the area under the precision-recall curve is averaged over classes, then over thresholds. MEAN_IOU: class IoU from the lengths within TOLERANCE (TP, FN on the ground truth, FP on the prediction); MEAN_IIOU rescales each ground-truth instance by mean instance length / its length.</source>
        <translation>Évaluation Mapillary Vistas / Cityscapes pour des lignes. Les instances sont les chaînes entre carrefours (DISSOLVE, par défaut) ou les entités telles quelles. Une instance de la vérité terrain et une instance prédite de même classe se recouvrent selon l&apos;IoU de leurs voisinages TOLERANCE (ou selon la couverture mutuelle en longueur). AP : à chaque seuil d&apos;IoU 0,50, 0,55, ..., 0,95, les prédictions sont appariées par confiance décroissante ; l&apos;aire sous la courbe précision-rappel est moyennée sur les classes, puis sur les seuils. MEAN_IOU : IoU par classe à partir des longueurs à moins de TOLERANCE (TP, FN sur la vérité terrain, FP sur la prédiction) ; MEAN_IIOU pondère chaque instance de la vérité terrain par longueur moyenne des instances / sa longueur.</translation>
    </message>
    <message>
        <extracomment>instances: reference</extracomment>
        <source>Mapillary Vistas evaluation scripts; Cordts et al., Cityscapes (CVPR 2016); Lin et al., COCO (ECCV 2014)</source>
        <translation>Scripts d&apos;évaluation Mapillary Vistas ; Cordts et al., Cityscapes (CVPR 2016) ; Lin et al., COCO (ECCV 2014)</translation>
    </message>
    <message>
        <extracomment>instances: parameter TOLERANCE label</extracomment>
        <source>Neighbourhood (tolerance)</source>
        <translation>Voisinage (tolérance)</translation>
    </message>
    <message>
        <extracomment>instances: parameter TOLERANCE help</extracomment>
        <source>Half width of the neighbourhood in which two lines overlap (metres).</source>
        <translation>Demi-largeur du voisinage dans lequel deux lignes se recouvrent (mètres).</translation>
    </message>
    <message>
        <extracomment>instances: parameter OVERLAP label</extracomment>
        <source>Instance overlap</source>
        <translation>Recouvrement des instances</translation>
    </message>
    <message>
        <extracomment>instances: parameter OVERLAP help</extracomment>
        <source>area: IoU of the TOLERANCE neighbourhoods (buffers). length: I / (len g + len p - I), I = mean length of each instance within TOLERANCE of the other.</source>
        <translation>area : IoU des voisinages TOLERANCE (tampons). length : I / (long. g + long. p - I), I = longueur moyenne de chaque instance à moins de TOLERANCE de l&apos;autre.</translation>
    </message>
    <message>
        <extracomment>instances: parameter OVERLAP option</extracomment>
        <source>length</source>
        <translation>longueur</translation>
    </message>
    <message>
        <extracomment>instances: parameter DISSOLVE label</extracomment>
        <source>Instances = chains between junctions</source>
        <translation>Instances = chaînes entre carrefours</translation>
    </message>
    <message>
        <extracomment>instances: parameter DISSOLVE help</extracomment>
        <source>On (default): instances are the network&apos;s chains between junctions and dead ends (cut where the class changes), so feature splitting does not matter. Off: every feature (all its parts) is one instance.</source>
        <translation>Activé (par défaut) : les instances sont les chaînes du réseau entre carrefours et impasses (coupées là où la classe change), le découpage des entités n&apos;a donc aucun effet. Désactivé : chaque entité (toutes ses parties) est une instance.</translation>
    </message>
    <message>
        <extracomment>instances: parameter MIN_LENGTH label</extracomment>
        <source>Minimum ground-truth instance length</source>
        <translation>Longueur minimale d&apos;une instance de la vérité terrain</translation>
    </message>
    <message>
        <extracomment>instances: parameter MIN_LENGTH help</extracomment>
        <source>Ground-truth instances shorter than this are ignored in AP: never missed, and a prediction matching one is not a false positive (Cityscapes&apos; 100-pixel rule). IoU and iIoU use every instance.</source>
        <translation>Les instances de la vérité terrain plus courtes sont ignorées dans l&apos;AP : jamais manquées, et une prédiction qui en apparie une n&apos;est pas un faux positif (règle des 100 pixels de Cityscapes). L&apos;IoU et l&apos;iIoU utilisent toutes les instances.</translation>
    </message>
    <message>
        <extracomment>instances: parameter CONFIDENCE_FIELD label</extracomment>
        <source>Confidence field (prediction)</source>
        <translation>Champ de confiance (prédiction)</translation>
    </message>
    <message>
        <extracomment>instances: parameter CONFIDENCE_FIELD help</extracomment>
        <source>Numeric score of each predicted feature; higher = more confident. Without it all predictions are equally confident and AP at each threshold is precision x recall.</source>
        <translation>Score numérique de chaque entité prédite ; plus élevé = plus sûr. Sans lui, toutes les prédictions ont la même confiance et l&apos;AP à chaque seuil vaut précision x rappel.</translation>
    </message>
    <message>
        <extracomment>instances: parameter CLASS_FIELD label</extracomment>
        <source>Class field (both layers)</source>
        <translation>Champ de classe (les deux couches)</translation>
    </message>
    <message>
        <extracomment>instances: parameter CLASS_FIELD help</extracomment>
        <source>Attribute on both layers, compared as text (null = class &apos;NULL&apos;). Instances only match within their class; scores per class in SCORES and CLASS_TABLE. Empty: one class.</source>
        <translation>Attribut présent dans les deux couches, comparé comme texte (nul = classe &apos;NULL&apos;). Les instances ne s&apos;apparient qu&apos;au sein de leur classe ; scores par classe dans SCORES et CLASS_TABLE. Vide : une seule classe.</translation>
    </message>
    <message>
        <extracomment>instances: output AP label</extracomment>
        <source>AP (mean over IoU 0.50:0.05:0.95)</source>
        <translation>AP (moyenne sur IoU 0,50:0,05:0,95)</translation>
    </message>
    <message>
        <extracomment>instances: output AP help</extracomment>
        <source>Average precision averaged over classes and IoU thresholds 0.50 to 0.95.</source>
        <translation>Précision moyenne, moyennée sur les classes et les seuils d&apos;IoU de 0,50 à 0,95.</translation>
    </message>
    <message>
        <extracomment>instances: output AP50 label</extracomment>
        <source>AP at IoU 0.50</source>
        <translation>AP à IoU 0,50</translation>
    </message>
    <message>
        <extracomment>instances: output AP50 help</extracomment>
        <source>Average precision at overlap threshold 0.5.</source>
        <translation>Précision moyenne au seuil de recouvrement 0,5.</translation>
    </message>
    <message>
        <extracomment>instances: output AP75 label</extracomment>
        <source>AP at IoU 0.75</source>
        <translation>AP à IoU 0,75</translation>
    </message>
    <message>
        <extracomment>instances: output AP75 help</extracomment>
        <source>Average precision at overlap threshold 0.75.</source>
        <translation>Précision moyenne au seuil de recouvrement 0,75.</translation>
    </message>
    <message>
        <extracomment>instances: output MEAN_IOU label</extracomment>
        <source>Mean class IoU</source>
        <translation>IoU moyenne des classes</translation>
    </message>
    <message>
        <extracomment>instances: output MEAN_IOU help</extracomment>
        <source>Length-based IoU per class, averaged over classes present.</source>
        <translation>IoU par classe fondée sur les longueurs, moyennée sur les classes présentes.</translation>
    </message>
    <message>
        <extracomment>instances: output MEAN_IIOU label</extracomment>
        <source>Mean class iIoU</source>
        <translation>iIoU moyenne des classes</translation>
    </message>
    <message>
        <extracomment>instances: output MEAN_IIOU help</extracomment>
        <source>Instance-size-rescaled IoU per class, averaged over classes present.</source>
        <translation>IoU par classe repondérée par la taille des instances, moyennée sur les classes présentes.</translation>
    </message>
    <message>
        <extracomment>instances: sink MATCHED label</extracomment>
        <source>Matched instances (IoU 0.5)</source>
        <translation>Instances appariées (IoU 0,5)</translation>
    </message>
    <message>
        <extracomment>instances: sink MATCHED help</extracomment>
        <source>Ground-truth and predicted instances matched at threshold 0.5 (partner, partner_feature_id, iou, class; ignored = 1 for pairs on an ignored ground truth).</source>
        <translation>Instances de la vérité terrain et prédites appariées au seuil 0,5 (partner, partner_feature_id, iou, class ; ignored = 1 pour les paires sur une instance de la vérité terrain ignorée).</translation>
    </message>
    <message>
        <extracomment>instances: sink MATCHED legend 0</extracomment>
        <source>IoU 0.5 - 0.65</source>
        <translation>IoU 0,5 - 0,65</translation>
    </message>
    <message>
        <extracomment>instances: sink MATCHED legend 1</extracomment>
        <source>IoU 0.65 - 0.8</source>
        <translation>IoU 0,65 - 0,8</translation>
    </message>
    <message>
        <extracomment>instances: sink MATCHED legend 2</extracomment>
        <source>IoU 0.8 - 1</source>
        <translation>IoU 0,8 - 1</translation>
    </message>
    <message>
        <extracomment>instances: sink UNMATCHED_GT label</extracomment>
        <source>Missed ground-truth instances</source>
        <translation>Instances de la vérité terrain manquées</translation>
    </message>
    <message>
        <extracomment>instances: sink UNMATCHED_GT help</extracomment>
        <source>Ground-truth instances without a prediction at IoU 0.5 (false negatives; ignored = 1: shorter than MIN_LENGTH, not counted).</source>
        <translation>Instances de la vérité terrain sans prédiction à IoU 0,5 (faux négatifs ; ignored = 1 : plus courtes que MIN_LENGTH, non comptées).</translation>
    </message>
    <message>
        <extracomment>instances: sink UNMATCHED_PRED label</extracomment>
        <source>Spurious predicted instances</source>
        <translation>Instances prédites parasites</translation>
    </message>
    <message>
        <extracomment>instances: sink UNMATCHED_PRED help</extracomment>
        <source>Predicted instances without a ground truth at IoU 0.5 (false positives).</source>
        <translation>Instances prédites sans instance de la vérité terrain à IoU 0,5 (faux positifs).</translation>
    </message>
    <message>
        <extracomment>instances: sink CLASS_TABLE help</extracomment>
        <source>One row per class: IoU, iIoU, AP, AP50, AP75, instance counts and lengths.</source>
        <translation>Une ligne par classe : IoU, iIoU, AP, AP50, AP75, nombres d&apos;instances et longueurs.</translation>
    </message>
    <message>
        <extracomment>junct: name</extracomment>
        <source>JUNCT (junction recall / error, RoadTracer)</source>
        <translation>JUNCT (rappel / erreur des carrefours, RoadTracer)</translation>
    </message>
    <message>
        <extracomment>junct: group; optj: group</extracomment>
        <source>Junction metrics</source>
        <translation>Métriques de carrefours</translation>
    </message>
    <message>
        <extracomment>junct: help</extracomment>
        <source>Compares road junctions (nodes with 3 or more roads) as the RoadTracer junction metric does. Junctions closer than CLUSTER_RADIUS form one junction; its directions are read DIRECTION_DISTANCE along each road leaving it. Ground-truth junctions are matched greedily to predicted ones within MATCH_RADIUS. F_CORRECT is the mean share of ground-truth directions found at the matched predicted junction (0 when unmatched); F_ERROR is the share of spurious predicted directions (unmatched predicted junctions count fully). Insensitive to road breaks away from junctions; a junction that lost one of three roads counts as entirely missed (use OPT-J).</source>
        <translation>Compare les carrefours (nœuds d&apos;au moins 3 routes) comme la métrique de carrefours de RoadTracer. Les carrefours plus proches que CLUSTER_RADIUS forment un seul carrefour ; ses directions sont lues à DIRECTION_DISTANCE le long de chaque route qui en part. Les carrefours de la vérité terrain sont appariés de façon gloutonne aux carrefours prédits dans un rayon de MATCH_RADIUS. F_CORRECT est la part moyenne des directions de la vérité terrain retrouvées au carrefour prédit apparié (0 sans appariement) ; F_ERROR est la part des directions prédites parasites (un carrefour prédit non apparié compte entièrement). Insensible aux coupures de routes loin des carrefours ; un carrefour qui a perdu une de ses trois routes compte comme entièrement manqué (utiliser OPT-J).</translation>
    </message>
    <message>
        <extracomment>junct: reference</extracomment>
        <source>Bastani et al., RoadTracer (CVPR 2018), junction_metric.go; Citraro et al. ECCV 2020 sec. 2.3</source>
        <translation>Bastani et al., RoadTracer (CVPR 2018), junction_metric.go ; Citraro et al. ECCV 2020 sec. 2.3</translation>
    </message>
    <message>
        <extracomment>junct: parameter CLUSTER_RADIUS label</extracomment>
        <source>Junction cluster radius</source>
        <translation>Rayon de regroupement des carrefours</translation>
    </message>
    <message>
        <extracomment>junct: parameter CLUSTER_RADIUS help</extracomment>
        <source>Junctions closer than this (and within twice this along the network) are one junction. Default: RoadTracer&apos;s 50 px x 1.7 at 0.5 m/px.</source>
        <translation>Les carrefours plus proches que cette distance (et à moins du double le long du réseau) forment un seul carrefour. Défaut : 50 px x 1,7 de RoadTracer à 0,5 m/px.</translation>
    </message>
    <message>
        <extracomment>junct: parameter MATCH_RADIUS label</extracomment>
        <source>Match radius</source>
        <translation>Rayon d&apos;appariement</translation>
    </message>
    <message>
        <extracomment>junct: parameter MATCH_RADIUS help</extracomment>
        <source>A predicted junction farther than this from a ground-truth junction cannot match it. Default: RoadTracer&apos;s 65 px x 1.7 at 0.5 m/px.</source>
        <translation>Un carrefour prédit plus loin que cette distance d&apos;un carrefour de la vérité terrain ne peut pas lui être apparié. Défaut : 65 px x 1,7 de RoadTracer à 0,5 m/px.</translation>
    </message>
    <message>
        <extracomment>junct: parameter DIRECTION_DISTANCE label</extracomment>
        <source>Direction distance</source>
        <translation>Distance de lecture des directions</translation>
    </message>
    <message>
        <extracomment>junct: parameter DIRECTION_DISTANCE help</extracomment>
        <source>How far along each road leaving a junction its direction is read (the road&apos;s far end when it is shorter). Default: RoadTracer&apos;s 65 px x 1.7 at 0.5 m/px.</source>
        <translation>Distance, le long de chaque route qui part d&apos;un carrefour, à laquelle sa direction est lue (l&apos;autre extrémité de la route si elle est plus courte). Défaut : 65 px x 1,7 de RoadTracer à 0,5 m/px.</translation>
    </message>
    <message>
        <extracomment>junct: parameter ANGLE_TOLERANCE label</extracomment>
        <source>Angle tolerance (degrees)</source>
        <translation>Tolérance d&apos;angle (degrés)</translation>
    </message>
    <message>
        <extracomment>junct: parameter ANGLE_TOLERANCE help</extracomment>
        <source>A direction is captured when the other junction has a direction less than this many degrees away.</source>
        <translation>Une direction est retrouvée quand l&apos;autre carrefour a une direction à moins de ce nombre de degrés.</translation>
    </message>
    <message>
        <extracomment>junct: parameter ANGLE_TOLERANCE unit</extracomment>
        <source>deg</source>
        <translation>degrés</translation>
    </message>
    <message>
        <extracomment>junct: output F_CORRECT label</extracomment>
        <source>F_correct (junction recall)</source>
        <translation>F_correct (rappel des carrefours)</translation>
    </message>
    <message>
        <extracomment>junct: output F_CORRECT help</extracomment>
        <source>Mean share of ground-truth junction directions found (0 for missed junctions).</source>
        <translation>Part moyenne des directions des carrefours de la vérité terrain retrouvées (0 pour un carrefour manqué).</translation>
    </message>
    <message>
        <extracomment>junct: output F_ERROR label</extracomment>
        <source>F_error (junction error rate)</source>
        <translation>F_error (taux d&apos;erreur des carrefours)</translation>
    </message>
    <message>
        <extracomment>junct: output F_ERROR help</extracomment>
        <source>n_error / (n_error + n_correct): share of spurious directions; 0 is perfect.</source>
        <translation>n_error / (n_error + n_correct) : part des directions parasites ; 0 est parfait.</translation>
    </message>
    <message>
        <extracomment>junct: output F1 help</extracomment>
        <source>Harmonic mean of F_correct and 1 - F_error.</source>
        <translation>Moyenne harmonique de F_correct et de 1 - F_error.</translation>
    </message>
    <message>
        <extracomment>junct: output N_CORRECT label</extracomment>
        <source>n_correct</source>
        <translation>n_correct</translation>
    </message>
    <message>
        <extracomment>junct: output N_CORRECT help</extracomment>
        <source>Sum of f_correct over ground-truth junctions.</source>
        <translation>Somme de f_correct sur les carrefours de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>junct: output N_ERROR label</extracomment>
        <source>n_error</source>
        <translation>n_error</translation>
    </message>
    <message>
        <extracomment>junct: output N_ERROR help</extracomment>
        <source>Sum of f_error over predicted junctions.</source>
        <translation>Somme de f_error sur les carrefours prédits.</translation>
    </message>
    <message>
        <extracomment>junct: output GT_JUNCTIONS label</extracomment>
        <source>Ground-truth junctions</source>
        <translation>Carrefours de la vérité terrain</translation>
    </message>
    <message>
        <extracomment>junct: output GT_JUNCTIONS help</extracomment>
        <source>Junction clusters of the ground truth.</source>
        <translation>Groupes de carrefours de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>junct: output PRED_JUNCTIONS label</extracomment>
        <source>Predicted junctions</source>
        <translation>Carrefours prédits</translation>
    </message>
    <message>
        <extracomment>junct: output PRED_JUNCTIONS help</extracomment>
        <source>Junction clusters of the prediction.</source>
        <translation>Groupes de carrefours de la prédiction.</translation>
    </message>
    <message>
        <extracomment>junct: output MATCHED_JUNCTIONS label; junct: sink MATCHED label</extracomment>
        <source>Matched junctions</source>
        <translation>Carrefours appariés</translation>
    </message>
    <message>
        <extracomment>junct: output MATCHED_JUNCTIONS help</extracomment>
        <source>Matched junction pairs.</source>
        <translation>Paires de carrefours appariés.</translation>
    </message>
    <message>
        <extracomment>junct: sink MATCHED help</extracomment>
        <source>Ground-truth junctions with their matched prediction: f_correct, f_error, degrees (roads leaving) on both sides; graduated by f_correct.</source>
        <translation>Carrefours de la vérité terrain avec leur carrefour prédit apparié : f_correct, f_error, degrés (routes qui en partent) des deux côtés ; gradués selon f_correct.</translation>
    </message>
    <message>
        <extracomment>junct: sink MATCHED legend 0</extracomment>
        <source>under half of its roads found</source>
        <translation>moins de la moitié de ses routes trouvées</translation>
    </message>
    <message>
        <extracomment>junct: sink MATCHED legend 1</extracomment>
        <source>half to three quarters found</source>
        <translation>de la moitié aux trois quarts trouvées</translation>
    </message>
    <message>
        <extracomment>junct: sink MATCHED legend 2</extracomment>
        <source>over three quarters found</source>
        <translation>plus des trois quarts trouvées</translation>
    </message>
    <message>
        <extracomment>junct: sink MATCHED legend 3</extracomment>
        <source>all its roads found</source>
        <translation>toutes ses routes trouvées</translation>
    </message>
    <message>
        <extracomment>junct: sink UNMATCHED_GT label</extracomment>
        <source>Missed ground-truth junctions</source>
        <translation>Carrefours de la vérité terrain manqués</translation>
    </message>
    <message>
        <extracomment>junct: sink UNMATCHED_GT help</extracomment>
        <source>Ground-truth junctions without a predicted match (f_correct = 0).</source>
        <translation>Carrefours de la vérité terrain sans carrefour prédit apparié (f_correct = 0).</translation>
    </message>
    <message>
        <extracomment>junct: sink UNMATCHED_PRED label</extracomment>
        <source>Spurious predicted junctions</source>
        <translation>Carrefours prédits parasites</translation>
    </message>
    <message>
        <extracomment>junct: sink UNMATCHED_PRED help</extracomment>
        <source>Predicted junctions without a ground-truth match (f_error = 1).</source>
        <translation>Carrefours prédits sans carrefour de la vérité terrain apparié (f_error = 1).</translation>
    </message>
    <message>
        <extracomment>junct: sink DIRECTIONS label</extracomment>
        <source>Junction directions</source>
        <translation>Directions des carrefours</translation>
    </message>
    <message>
        <extracomment>junct: sink DIRECTIONS help</extracomment>
        <source>One line per road direction, from the junction to where it is read; captured = 1 when the matched junction on the other side has a direction within ANGLE_TOLERANCE.</source>
        <translation>Une ligne par direction de route, du carrefour au point où elle est lue ; captured = 1 quand le carrefour apparié de l&apos;autre côté a une direction à moins de ANGLE_TOLERANCE.</translation>
    </message>
    <message>
        <extracomment>junct: sink DIRECTIONS legend 1</extracomment>
        <source>captured</source>
        <translation>capturé</translation>
    </message>
    <message>
        <extracomment>junct: sink DIRECTIONS legend 0</extracomment>
        <source>missed</source>
        <translation>manqué</translation>
    </message>
    <message>
        <extracomment>subg: name</extracomment>
        <source>SUBG (holes and marbles)</source>
        <translation>SUBG (trous et billes)</translation>
    </message>
    <message>
        <extracomment>subg: group; optg: group; topo: group</extracomment>
        <source>Subgraph metrics</source>
        <translation>Métriques de sous-graphes</translation>
    </message>
    <message>
        <extracomment>subg: help</extracomment>
        <source>Samples N_SEEDS points along the ground truth; around each, crops the ground-truth and prediction subgraphs (roads reachable within RADIUS, Euclidean) and compares their control points (holes and marbles, every SPACING metres). Many-to-one: a point is matched if any point of the other subgraph is within MATCH_DISTANCE. Known blind spots (Citraro et al. 2020): one predicted road can fill two close parallel roads, and spurious roads far from the ground truth are never sampled; OPT-G fixes both.</source>
        <translation>Tire N_SEEDS points le long de la vérité terrain ; autour de chacun, extrait les sous-graphes de la vérité terrain et de la prédiction (routes accessibles à moins de RADIUS, distance euclidienne) et compare leurs points de contrôle (trous et billes, tous les SPACING mètres). Appariement plusieurs-à-un : un point est apparié si un point quelconque de l&apos;autre sous-graphe est à moins de MATCH_DISTANCE. Angles morts connus (Citraro et al. 2020) : une seule route prédite peut combler deux routes parallèles proches, et les routes parasites éloignées de la vérité terrain ne sont jamais échantillonnées ; OPT-G corrige ces deux défauts.</translation>
    </message>
    <message>
        <extracomment>subg: reference</extracomment>
        <source>Biagioni &amp; Eriksson, TRR 2012; Citraro et al., ECCV 2020, sec. 2.4</source>
        <translation>Biagioni &amp; Eriksson, TRR 2012 ; Citraro et al., ECCV 2020, sec. 2.4</translation>
    </message>
    <message>
        <extracomment>subg: parameter N_SEEDS label; optg: parameter N_SEEDS label</extracomment>
        <source>Number of seeds</source>
        <translation>Nombre de germes</translation>
    </message>
    <message>
        <extracomment>subg: parameter N_SEEDS help; optg: parameter N_SEEDS help</extracomment>
        <source>Number of subgraphs sampled (Citraro et al.: N = 1000).</source>
        <translation>Nombre de sous-graphes échantillonnés (Citraro et al. : N = 1000).</translation>
    </message>
    <message>
        <extracomment>subg: parameter RADIUS label; optg: parameter RADIUS label</extracomment>
        <source>Subgraph radius</source>
        <translation>Rayon des sous-graphes</translation>
    </message>
    <message>
        <extracomment>subg: parameter RADIUS help; optg: parameter RADIUS help</extracomment>
        <source>Subgraph: control points reachable from the seed without leaving the disc of this radius (Euclidean, as the reference code; 300 px at 0.5 m/px).</source>
        <translation>Sous-graphe : points de contrôle accessibles depuis le germe sans sortir du disque de ce rayon (distance euclidienne, comme le code de référence ; 300 px à 0,5 m/px).</translation>
    </message>
    <message>
        <extracomment>subg: parameter SPACING help; optg: parameter SPACING help</extracomment>
        <source>Control points (holes and marbles) are placed along every road at most this far apart (10 px at 0.5 m/px in the reference code).</source>
        <translation>Les points de contrôle (trous et billes) sont placés le long de chaque route, espacés d&apos;au plus cette distance (10 px à 0,5 m/px dans le code de référence).</translation>
    </message>
    <message>
        <extracomment>subg: parameter MATCH_DISTANCE label; optg: parameter MATCH_DISTANCE label; topo: parameter MATCH_DISTANCE label</extracomment>
        <source>Matching distance</source>
        <translation>Distance d&apos;appariement</translation>
    </message>
    <message>
        <extracomment>subg: parameter MATCH_DISTANCE help; optg: parameter MATCH_DISTANCE help</extracomment>
        <source>A hole and a marble match when at most this far apart; a seed&apos;s other centre must be this close too (25 px at 0.5 m/px).</source>
        <translation>Un trou et une bille sont appariés lorsqu&apos;ils sont distants d&apos;au plus cette valeur ; l&apos;autre centre d&apos;un germe doit aussi être à cette distance au plus (25 px à 0,5 m/px).</translation>
    </message>
    <message>
        <extracomment>subg: output PRECISION help; optg: output PRECISION help; topo: output PRECISION help</extracomment>
        <source>Matched prediction control points (marbles) / all marbles of the sampled subgraphs; NaN without marbles.</source>
        <translation>Points de contrôle de la prédiction appariés (billes) / toutes les billes des sous-graphes échantillonnés ; NaN en l&apos;absence de billes.</translation>
    </message>
    <message>
        <extracomment>subg: output RECALL help; optg: output RECALL help; topo: output RECALL help</extracomment>
        <source>Matched ground-truth control points (holes) / all holes of the sampled subgraphs.</source>
        <translation>Points de contrôle de la vérité terrain appariés (trous) / tous les trous des sous-graphes échantillonnés.</translation>
    </message>
    <message>
        <extracomment>subg: output F1 help; optg: output F1 help; topo: output F1 help</extracomment>
        <source>Harmonic mean of precision and recall (0 when recall is 0).</source>
        <translation>Moyenne harmonique de la précision et du rappel (0 si le rappel vaut 0).</translation>
    </message>
    <message>
        <extracomment>subg: output TP label; optg: output TP label; topo: output TP label</extracomment>
        <source>True positives</source>
        <translation>Vrais positifs</translation>
    </message>
    <message>
        <extracomment>subg: output TP help</extracomment>
        <source>Matched holes (ground-truth control points with a marble within MATCH_DISTANCE), summed over subgraphs.</source>
        <translation>Trous appariés (points de contrôle de la vérité terrain ayant une bille à moins de MATCH_DISTANCE), sommés sur les sous-graphes.</translation>
    </message>
    <message>
        <extracomment>subg: output FP label; optg: output FP label; topo: output FP label</extracomment>
        <source>False positives</source>
        <translation>Faux positifs</translation>
    </message>
    <message>
        <extracomment>subg: output FP help; optg: output FP help; topo: output FP help</extracomment>
        <source>Unmatched marbles (spurious), summed over subgraphs.</source>
        <translation>Billes non appariées (parasites), sommées sur les sous-graphes.</translation>
    </message>
    <message>
        <extracomment>subg: output FN label; optg: output FN label; topo: output FN label</extracomment>
        <source>False negatives</source>
        <translation>Faux négatifs</translation>
    </message>
    <message>
        <extracomment>subg: output FN help; optg: output FN help; topo: output FN help</extracomment>
        <source>Unmatched holes (missing), summed over subgraphs.</source>
        <translation>Trous non appariés (manquants), sommés sur les sous-graphes.</translation>
    </message>
    <message>
        <extracomment>subg: sink MATCHED help; optg: sink MATCHED help</extracomment>
        <source>Control points (holes and marbles) matched in at least one sampled subgraph. Attributes: source, seed_id (lowest seed whose subgraph gave this outcome), n_subgraphs (how many), seed_distance (Euclidean distance from that seed&apos;s centre, m), match_distance (mean distance to the partner, m; empty when unmatched), heading (degrees, 0-180).</source>
        <translation>Points de contrôle (trous et billes) appariés dans au moins un sous-graphe échantillonné. Attributs : source, seed_id (plus petit germe dont le sous-graphe a donné ce résultat), n_subgraphs (nombre de sous-graphes), seed_distance (distance euclidienne au centre de ce germe, m), match_distance (distance moyenne au partenaire, m ; vide si non apparié), heading (orientation en degrés, 0-180).</translation>
    </message>
    <message>
        <extracomment>subg: sink UNMATCHED_GT label; optg: sink UNMATCHED_GT label; topo: sink UNMATCHED_GT label</extracomment>
        <source>Empty holes (missing)</source>
        <translation>Trous vides (manquants)</translation>
    </message>
    <message>
        <extracomment>subg: sink UNMATCHED_GT help; optg: sink UNMATCHED_GT help</extracomment>
        <source>Ground-truth control points left unmatched in at least one sampled subgraph. Attributes: source, seed_id (lowest seed whose subgraph gave this outcome), n_subgraphs (how many), seed_distance (Euclidean distance from that seed&apos;s centre, m), match_distance (mean distance to the partner, m; empty when unmatched), heading (degrees, 0-180).</source>
        <translation>Points de contrôle de la vérité terrain restés non appariés dans au moins un sous-graphe échantillonné. Attributs : source, seed_id (plus petit germe dont le sous-graphe a donné ce résultat), n_subgraphs (nombre de sous-graphes), seed_distance (distance euclidienne au centre de ce germe, m), match_distance (distance moyenne au partenaire, m ; vide si non apparié), heading (orientation en degrés, 0-180).</translation>
    </message>
    <message>
        <extracomment>subg: sink UNMATCHED_PRED label; optg: sink UNMATCHED_PRED label; topo: sink UNMATCHED_PRED label</extracomment>
        <source>Spurious marbles</source>
        <translation>Billes parasites</translation>
    </message>
    <message>
        <extracomment>subg: sink UNMATCHED_PRED help; optg: sink UNMATCHED_PRED help</extracomment>
        <source>Prediction control points left unmatched in at least one sampled subgraph. Attributes: source, seed_id (lowest seed whose subgraph gave this outcome), n_subgraphs (how many), seed_distance (Euclidean distance from that seed&apos;s centre, m), match_distance (mean distance to the partner, m; empty when unmatched), heading (degrees, 0-180).</source>
        <translation>Points de contrôle de la prédiction restés non appariés dans au moins un sous-graphe échantillonné. Attributs : source, seed_id (plus petit germe dont le sous-graphe a donné ce résultat), n_subgraphs (nombre de sous-graphes), seed_distance (distance euclidienne au centre de ce germe, m), match_distance (distance moyenne au partenaire, m ; vide si non apparié), heading (orientation en degrés, 0-180).</translation>
    </message>
    <message>
        <extracomment>optg: name</extracomment>
        <source>OPT-G (subgraph, one-to-one)</source>
        <translation>OPT-G (sous-graphes, un-à-un)</translation>
    </message>
    <message>
        <extracomment>optg: help</extracomment>
        <source>Citraro et al.&apos;s OPT-G: N_SEEDS seeds drawn from the ground truth or the prediction (probability 1/2 each, uniform along the roads); around each, the ground-truth and prediction subgraphs (roads reachable within RADIUS, Euclidean) are compared through their control points (every SPACING metres), matched one-to-one within MATCH_DISTANCE. Sensitive to spurious roads far from the ground truth and to a missed road next to a predicted one, unlike SUBG.</source>
        <translation>OPT-G de Citraro et al. : N_SEEDS germes tirés dans la vérité terrain ou dans la prédiction (probabilité 1/2 chacune, uniformément le long des routes) ; autour de chacun, les sous-graphes de la vérité terrain et de la prédiction (routes accessibles à moins de RADIUS, distance euclidienne) sont comparés par leurs points de contrôle (tous les SPACING mètres), appariés un-à-un à moins de MATCH_DISTANCE. Contrairement à SUBG, sensible aux routes parasites éloignées de la vérité terrain et à une route manquée voisine d&apos;une route prédite.</translation>
    </message>
    <message>
        <extracomment>optg: reference</extracomment>
        <source>Citraro, Kozinski, Fua, ECCV 2020, sec. 3.3, Fig. 3; lcit/metrics_delin</source>
        <translation>Citraro, Kozinski, Fua, ECCV 2020, sec. 3.3, fig. 3 ; lcit/metrics_delin</translation>
    </message>
    <message>
        <extracomment>optg: parameter MATCHING label</extracomment>
        <source>Matching</source>
        <translation>Appariement</translation>
    </message>
    <message>
        <extracomment>optg: parameter MATCHING help</extracomment>
        <source>optimal: most pairs, then least total distance (exact assignment, the paper&apos;s Hungarian). greedy: closest pairs first (the reference code&apos;s default).</source>
        <translation>optimal : le plus de paires possible, puis la plus petite distance totale (affectation exacte, l&apos;algorithme hongrois de l&apos;article). greedy : les paires les plus proches d&apos;abord (le choix par défaut du code de référence).</translation>
    </message>
    <message>
        <extracomment>optg: parameter MATCHING option</extracomment>
        <source>optimal</source>
        <translation>optimal</translation>
    </message>
    <message>
        <extracomment>optg: parameter MATCHING option</extracomment>
        <source>greedy</source>
        <translation>glouton</translation>
    </message>
    <message>
        <extracomment>optg: output TP help</extracomment>
        <source>Matched pairs (one-to-one), summed over subgraphs.</source>
        <translation>Paires appariées (un-à-un), sommées sur les sous-graphes.</translation>
    </message>
    <message>
        <extracomment>optj: name</extracomment>
        <source>OPT-J (junctions and end points)</source>
        <translation>OPT-J (carrefours et extrémités)</translation>
    </message>
    <message>
        <extracomment>optj: help</extracomment>
        <source>Compares junctions and dead ends (nodes of degree other than 2) of the two networks (Citraro et al. 2020). A feature is matched greedily, by increasing cost ALPHA x distance + |degree difference|, to a feature of the other network or to the closest point of its roads (degree 2), within MAX_DISTANCE; each feature is used once. Ground-truth features are matched first, then the predicted ones left. TP sums min(degree) over matches; PRECISION = TP / PP and RECALL = TP / AP, where PP and AP sum the predicted and ground-truth degrees. Sensitive to road breaks (extra dead ends) and fair to junctions that lost one road.</source>
        <translation>Compare les carrefours et les impasses (nœuds de degré différent de 2) des deux réseaux (Citraro et al. 2020). Chaque élément est apparié de façon gloutonne, par coût croissant ALPHA x distance + |différence de degré|, à un élément de l&apos;autre réseau ou au point le plus proche de ses routes (degré 2), à moins de MAX_DISTANCE ; chaque élément n&apos;est utilisé qu&apos;une fois. Les éléments de la vérité terrain sont appariés d&apos;abord, puis les éléments prédits restants. TP somme min(degré) sur les appariements ; PRECISION = TP / PP et RECALL = TP / AP, où PP et AP somment les degrés prédits et de la vérité terrain. Sensible aux coupures de routes (impasses en plus) et juste envers les carrefours qui ont perdu une route.</translation>
    </message>
    <message>
        <extracomment>optj: reference</extracomment>
        <source>Citraro, Kozinski, Fua, ECCV 2020, sec. 3.2; lcit/metrics_delin</source>
        <translation>Citraro, Kozinski, Fua, ECCV 2020, sec. 3.2 ; lcit/metrics_delin</translation>
    </message>
    <message>
        <extracomment>optj: parameter MAX_DISTANCE label</extracomment>
        <source>Maximum match distance</source>
        <translation>Distance maximale d&apos;appariement</translation>
    </message>
    <message>
        <extracomment>optj: parameter MAX_DISTANCE help</extracomment>
        <source>Features farther apart than this are never matched (d_max; 25 px at 0.5 m/px as in the reference code).</source>
        <translation>Des éléments plus éloignés que cette distance ne sont jamais appariés (d_max ; 25 px à 0,5 m/px comme dans le code de référence).</translation>
    </message>
    <message>
        <extracomment>optj: parameter ALPHA label</extracomment>
        <source>Distance weight ALPHA (per metre)</source>
        <translation>Poids de la distance ALPHA (par mètre)</translation>
    </message>
    <message>
        <extracomment>optj: parameter ALPHA help</extracomment>
        <source>Weight of the distance in the cost ALPHA x d + |o_i - o_j|. The default (the reference code&apos;s 1/100 per pixel at 0.5 m/px) keeps ALPHA x MAX_DISTANCE &lt; 1, so a degree mismatch outweighs any distance.</source>
        <translation>Poids de la distance dans le coût ALPHA x d + |o_i - o_j|. La valeur par défaut (1/100 par pixel du code de référence, à 0,5 m/px) garde ALPHA x MAX_DISTANCE &lt; 1 : une différence de degré l&apos;emporte sur toute distance.</translation>
    </message>
    <message>
        <extracomment>optj: parameter ALPHA unit</extracomment>
        <source>1/m</source>
        <translation>1/m</translation>
    </message>
    <message>
        <extracomment>optj: output PRECISION help</extracomment>
        <source>Share of the predicted incident roads that are matched: TP / PP.</source>
        <translation>Part des routes incidentes prédites qui sont appariées : TP / PP.</translation>
    </message>
    <message>
        <extracomment>optj: output RECALL help</extracomment>
        <source>Share of the ground-truth incident roads that are found: TP / AP.</source>
        <translation>Part des routes incidentes de la vérité terrain qui sont retrouvées : TP / AP.</translation>
    </message>
    <message>
        <extracomment>optj: output F1 help</extracomment>
        <source>Harmonic mean of precision and recall.</source>
        <translation>Moyenne harmonique de la précision et du rappel.</translation>
    </message>
    <message>
        <extracomment>optj: output TP label</extracomment>
        <source>TP (matched incident roads)</source>
        <translation>TP (routes incidentes appariées)</translation>
    </message>
    <message>
        <extracomment>optj: output TP help</extracomment>
        <source>Sum of min(o_i, o_j) over the matches.</source>
        <translation>Somme de min(o_i, o_j) sur les appariements.</translation>
    </message>
    <message>
        <extracomment>optj: output PP label</extracomment>
        <source>PP (predicted incident roads)</source>
        <translation>PP (routes incidentes prédites)</translation>
    </message>
    <message>
        <extracomment>optj: output PP help</extracomment>
        <source>Sum of predicted degrees over matches and unmatched predicted features.</source>
        <translation>Somme des degrés prédits sur les appariements et les éléments prédits non appariés.</translation>
    </message>
    <message>
        <extracomment>optj: output AP label</extracomment>
        <source>AP (ground-truth incident roads)</source>
        <translation>AP (routes incidentes de la vérité terrain)</translation>
    </message>
    <message>
        <extracomment>optj: output AP help</extracomment>
        <source>Sum of ground-truth degrees over matches and unmatched ground-truth features.</source>
        <translation>Somme des degrés de la vérité terrain sur les appariements et les éléments de la vérité terrain non appariés.</translation>
    </message>
    <message>
        <extracomment>optj: sink MATCHED label</extracomment>
        <source>Matched features</source>
        <translation>Éléments appariés</translation>
    </message>
    <message>
        <extracomment>optj: sink MATCHED help</extracomment>
        <source>One point per match, at the matched feature (ground truth in pass 1, prediction in pass 2): both degrees, distance, matched_to (feature / edge_point); graduated by deg_diff.</source>
        <translation>Un point par appariement, sur l&apos;élément apparié (vérité terrain au passage 1, prédiction au passage 2) : les deux degrés, la distance, matched_to (feature / edge_point) ; symbologie graduée selon deg_diff.</translation>
    </message>
    <message>
        <extracomment>optj: sink MATCHED legend 0</extracomment>
        <source>same degree</source>
        <translation>même degré</translation>
    </message>
    <message>
        <extracomment>optj: sink MATCHED legend 1</extracomment>
        <source>degree differs by 1</source>
        <translation>degré différent de 1</translation>
    </message>
    <message>
        <extracomment>optj: sink MATCHED legend 2</extracomment>
        <source>degree differs by 2 or more</source>
        <translation>degré différent de 2 ou plus</translation>
    </message>
    <message>
        <extracomment>optj: sink UNMATCHED_GT label</extracomment>
        <source>Missed ground-truth features</source>
        <translation>Éléments de la vérité terrain manqués</translation>
    </message>
    <message>
        <extracomment>optj: sink UNMATCHED_GT help</extracomment>
        <source>Ground-truth junctions and dead ends without a match (kind: junction / dead_end).</source>
        <translation>Carrefours et impasses de la vérité terrain sans appariement (kind : junction / dead_end).</translation>
    </message>
    <message>
        <extracomment>optj: sink UNMATCHED_PRED label</extracomment>
        <source>Spurious predicted features</source>
        <translation>Éléments prédits parasites</translation>
    </message>
    <message>
        <extracomment>optj: sink UNMATCHED_PRED help</extracomment>
        <source>Predicted junctions and dead ends without a match (kind: junction / dead_end).</source>
        <translation>Carrefours et impasses prédits sans appariement (kind : junction / dead_end).</translation>
    </message>
    <message>
        <extracomment>optp: name</extracomment>
        <source>OPT-P (path connectivity)</source>
        <translation>OPT-P (connexité des chemins)</translation>
    </message>
    <message>
        <extracomment>optp: help</extracomment>
        <source>Decomposes each network into edge-disjoint paths (seeded), resamples them every SEGMENT_LENGTH metres and aligns each path to the other network with Viterbi (candidates within SNAP_DISTANCE, free transitions only where the other network connects them inside a CORRIDOR_WIDTH corridor, an &apos;unmatched&apos; state otherwise). What a path matched is removed from the other network, so no road is matched twice. A path&apos;s score is the sum of its squared connected-piece lengths over its squared length; RECALL averages it over ground-truth paths, PRECISION over predicted paths. Sensitive to gaps, missing and spurious roads, including duplicated roads that APLS and TLTS miss.</source>
        <translation>Décompose chaque réseau en chemins sans arête commune (tirage avec graine), les rééchantillonne tous les SEGMENT_LENGTH mètres et aligne chaque chemin sur l&apos;autre réseau par Viterbi (candidats à moins de SNAP_DISTANCE, transitions gratuites seulement là où l&apos;autre réseau les relie dans un couloir de CORRIDOR_WIDTH, un état « non apparié » sinon). Ce qu&apos;un chemin a apparié est retiré de l&apos;autre réseau, si bien qu&apos;aucune route n&apos;est appariée deux fois. Le score d&apos;un chemin est la somme des carrés des longueurs de ses morceaux connexes divisée par le carré de sa longueur ; RECALL en fait la moyenne sur les chemins de la vérité terrain, PRECISION sur les chemins prédits. Sensible aux coupures, aux routes manquantes et parasites, y compris les routes dédoublées qu&apos;APLS et TLTS ne voient pas.</translation>
    </message>
    <message>
        <extracomment>optp: reference</extracomment>
        <source>Citraro, Kozinski, Fua, ECCV 2020, sec. 3.1 (lcit/metrics_delin)</source>
        <translation>Citraro, Kozinski, Fua, ECCV 2020, sec. 3.1 (lcit/metrics_delin)</translation>
    </message>
    <message>
        <extracomment>optp: parameter SEGMENT_LENGTH label</extracomment>
        <source>Segment length</source>
        <translation>Longueur de segment</translation>
    </message>
    <message>
        <extracomment>optp: parameter SEGMENT_LENGTH help</extracomment>
        <source>Paths are resampled so that consecutive points are at most this far apart along the path (metres; reference 25 px at 0.5 m/px).</source>
        <translation>Les chemins sont rééchantillonnés de sorte que deux points consécutifs soient au plus à cette distance le long du chemin (mètres ; référence 25 px à 0,5 m/px).</translation>
    </message>
    <message>
        <extracomment>optp: parameter SNAP_DISTANCE help</extracomment>
        <source>A path point&apos;s candidates are the closest points of the other network&apos;s edges (of their parts not matched by earlier paths) within this distance (metres; reference 25 px).</source>
        <translation>Les candidats d&apos;un point de chemin sont les points les plus proches des arêtes de l&apos;autre réseau (de leurs parties non appariées par les chemins précédents) à moins de cette distance (mètres ; référence 25 px).</translation>
    </message>
    <message>
        <extracomment>optp: parameter CORRIDOR_WIDTH label</extracomment>
        <source>Corridor half-width</source>
        <translation>Demi-largeur du couloir</translation>
    </message>
    <message>
        <extracomment>optp: parameter CORRIDOR_WIDTH help</extracomment>
        <source>Two candidates of consecutive points are connected only through a route of the other network lying within this distance of the segment joining the points (metres; reference 25 px).</source>
        <translation>Deux candidats de points consécutifs ne sont reliés que par un itinéraire de l&apos;autre réseau situé à moins de cette distance du segment qui joint les points (mètres ; référence 25 px).</translation>
    </message>
    <message>
        <extracomment>optp: parameter NODE_SNAP_DISTANCE label</extracomment>
        <source>Node snap distance</source>
        <translation>Distance d&apos;accrochage aux nœuds</translation>
    </message>
    <message>
        <extracomment>optp: parameter NODE_SNAP_DISTANCE help</extracomment>
        <source>A candidate closer than this (along its edge) to an end of the edge is placed on that node, and the parts of edges this close to a junction are shared by all paths (never consumed), so roads crossing at a junction drawn as two close nodes are not interrupted (metres; reference th_existing = 10 px).</source>
        <translation>Un candidat plus proche que cette distance (le long de son arête) d&apos;une extrémité de l&apos;arête est placé sur ce nœud, et les parties d&apos;arêtes aussi proches d&apos;un carrefour sont partagées par tous les chemins (jamais consommées), si bien que des routes qui se croisent à un carrefour dessiné comme deux nœuds proches ne sont pas coupées (mètres ; référence th_existing = 10 px).</translation>
    </message>
    <message>
        <extracomment>optp: parameter MAX_HOPS label</extracomment>
        <source>Maximum hops per transition</source>
        <translation>Nombre maximal de sauts par transition</translation>
    </message>
    <message>
        <extracomment>optp: parameter MAX_HOPS help</extracomment>
        <source>Edges (whole or partial) a connecting route may walk between two consecutive candidates (reference: 5).</source>
        <translation>Arêtes (entières ou partielles) qu&apos;un itinéraire de liaison peut parcourir entre deux candidats consécutifs (référence : 5).</translation>
    </message>
    <message>
        <extracomment>optp: parameter DISCONNECTION_PENALTY label</extracomment>
        <source>Disconnection penalty factor</source>
        <translation>Facteur de pénalité de déconnexion</translation>
    </message>
    <message>
        <extracomment>optp: parameter DISCONNECTION_PENALTY help</extracomment>
        <source>Viterbi cost of a non-free transition (to or from &apos;unmatched&apos;, or between unconnected candidates), times SEGMENT_LENGTH squared; a matched point costs its squared distance (reference: 10000).</source>
        <translation>Coût Viterbi d&apos;une transition non gratuite (vers ou depuis « non apparié », ou entre candidats non reliés), multiplié par le carré de SEGMENT_LENGTH ; un point apparié coûte le carré de sa distance (référence : 10000).</translation>
    </message>
    <message>
        <extracomment>optp: output PRECISION label</extracomment>
        <source>Path precision</source>
        <translation>Précision des chemins</translation>
    </message>
    <message>
        <extracomment>optp: output PRECISION help</extracomment>
        <source>Mean connectivity of predicted paths in the ground truth (NaN for an empty prediction).</source>
        <translation>Connexité moyenne des chemins prédits dans la vérité terrain (NaN pour une prédiction vide).</translation>
    </message>
    <message>
        <extracomment>optp: output RECALL label</extracomment>
        <source>Path recall</source>
        <translation>Rappel des chemins</translation>
    </message>
    <message>
        <extracomment>optp: output RECALL help</extracomment>
        <source>Mean connectivity of ground-truth paths in the prediction.</source>
        <translation>Connexité moyenne des chemins de la vérité terrain dans la prédiction.</translation>
    </message>
    <message>
        <extracomment>optp: output F1 label</extracomment>
        <source>Path F1</source>
        <translation>F1 des chemins</translation>
    </message>
    <message>
        <extracomment>optp: output F1 help</extracomment>
        <source>Harmonic mean of PRECISION and RECALL.</source>
        <translation>Moyenne harmonique de PRECISION et RECALL.</translation>
    </message>
    <message>
        <extracomment>optp: output N_PATHS_GT label</extracomment>
        <source>Ground-truth paths</source>
        <translation>Chemins de la vérité terrain</translation>
    </message>
    <message>
        <extracomment>optp: output N_PATHS_GT help</extracomment>
        <source>Number of edge-disjoint ground-truth paths.</source>
        <translation>Nombre de chemins de la vérité terrain sans arête commune.</translation>
    </message>
    <message>
        <extracomment>optp: output N_PATHS_PRED label</extracomment>
        <source>Predicted paths</source>
        <translation>Chemins prédits</translation>
    </message>
    <message>
        <extracomment>optp: output N_PATHS_PRED help</extracomment>
        <source>Number of edge-disjoint predicted paths.</source>
        <translation>Nombre de chemins prédits sans arête commune.</translation>
    </message>
    <message>
        <extracomment>optp: output N_INTERRUPTIONS help</extracomment>
        <source>Gaps that split a ground-truth path between two matched pieces.</source>
        <translation>Trous qui coupent un chemin de la vérité terrain entre deux morceaux appariés.</translation>
    </message>
    <message>
        <extracomment>optp: sink MATCHED label</extracomment>
        <source>Matched path pieces</source>
        <translation>Morceaux de chemins appariés</translation>
    </message>
    <message>
        <extracomment>optp: sink MATCHED help</extracomment>
        <source>Connected pieces of ground-truth and predicted paths (source, path_id, piece_length, path_score).</source>
        <translation>Morceaux connexes des chemins de la vérité terrain et prédits (source, path_id, piece_length, path_score).</translation>
    </message>
    <message>
        <extracomment>optp: sink UNMATCHED_GT label</extracomment>
        <source>Unmatched ground-truth pieces</source>
        <translation>Morceaux de la vérité terrain non appariés</translation>
    </message>
    <message>
        <extracomment>optp: sink UNMATCHED_GT help</extracomment>
        <source>Stretches of ground-truth paths not connected in the prediction (gaps, missing roads).</source>
        <translation>Tronçons de chemins de la vérité terrain non reliés dans la prédiction (coupures, routes manquantes).</translation>
    </message>
    <message>
        <extracomment>optp: sink UNMATCHED_PRED label</extracomment>
        <source>Unmatched predicted pieces</source>
        <translation>Morceaux prédits non appariés</translation>
    </message>
    <message>
        <extracomment>optp: sink UNMATCHED_PRED help</extracomment>
        <source>Stretches of predicted paths not matched in the ground truth (spurious or duplicated roads).</source>
        <translation>Tronçons de chemins prédits non appariés dans la vérité terrain (routes parasites ou dédoublées).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: name</extracomment>
        <source>Pixel boundary F-measure (masks)</source>
        <translation>F-mesure de contours par pixels (masques)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: help</extracomment>
        <source>Boundary F-measure of two road masks on one grid, counted on their boundary pixels, with one of the four matching strategies of Lopez-Molina et al.: distance (a boundary pixel is matched within TOLERANCE of the other boundary), area (overlap of the TOLERANCE neighbourhoods of both boundaries, m2), correspondence (one-to-one matching within TOLERANCE, exact minimum cost) or validation (matched within TOLERANCE by a pixel whose boundary faces the same way, within ANGLE_TOLERANCE). F = P R / (ALPHA P + (1 - ALPHA) R). Both empty -&gt; 1; one empty -&gt; F 0.</source>
        <translation>F-mesure de contours de deux masques de routes sur une même grille, comptée sur leurs pixels de contour, selon l&apos;une des quatre stratégies d&apos;appariement de Lopez-Molina et al. : distance (un pixel de contour est apparié à moins de TOLERANCE de l&apos;autre contour), area (recouvrement des voisinages TOLERANCE des deux contours, m2), correspondence (appariement un-à-un à moins de TOLERANCE, coût minimal exact) ou validation (apparié à moins de TOLERANCE par un pixel dont le contour est orienté dans le même sens, à ANGLE_TOLERANCE près). F = P R / (ALPHA P + (1 - ALPHA) R). Les deux vides -&gt; 1 ; un seul vide -&gt; F 0.</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: reference</extracomment>
        <source>Lopez-Molina et al., survey of boundary matching strategies, eqs. 2-7; Estrada and Jepson, IJCV 2009 (validation); BSDS (correspondence)</source>
        <translation>Lopez-Molina et al., synthèse des stratégies d&apos;appariement de contours, éq. 2-7 ; Estrada et Jepson, IJCV 2009 (validation) ; BSDS (correspondence)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter STRATEGY help</extracomment>
        <source>distance (DbM), area (AbM), correspondence (CbM, one to one) or validation (Pv, with boundary orientation).</source>
        <translation>distance (DbM), area (AbM), correspondence (CbM, un-à-un) ou validation (Pv, avec l&apos;orientation des contours).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter TOLERANCE help</extracomment>
        <source>Largest distance between matched boundary pixels; the neighbourhood radius for area (metres).</source>
        <translation>Distance maximale entre pixels de contour appariés ; rayon du voisinage pour area (mètres).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter ALPHA label</extracomment>
        <source>Alpha (precision weight)</source>
        <translation>Alpha (pondération de la précision)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter ALPHA help</extracomment>
        <source>F = P R / (ALPHA P + (1 - ALPHA) R); 0.5 is the harmonic mean.</source>
        <translation>F = P R / (ALPHA P + (1 - ALPHA) R) ; 0,5 donne la moyenne harmonique.</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter ANGLE_TOLERANCE help</extracomment>
        <source>validation: largest difference between the outward normals of two matched boundary pixels (Estrada and Jepson use 45 degrees).</source>
        <translation>validation : écart maximal entre les normales extérieures de deux pixels de contour appariés (Estrada et Jepson utilisent 45 degrés).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter OUTLIER_COST label</extracomment>
        <source>Unmatched pixel cost (correspondence)</source>
        <translation>Coût d&apos;un pixel non apparié (correspondance)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter OUTLIER_COST help</extracomment>
        <source>correspondence: the cost of leaving a boundary pixel unmatched, in multiples of TOLERANCE, against the distance of a matched pair. 1: a re-assignment is made only when it pays; 100: BSDS&apos;s correspondPixels (outlier cost 100 x maxDist), which maximises the number of matches first (F higher, slower).</source>
        <translation>correspondance : le coût de laisser un pixel de contour sans appariement, en multiples de TOLERANCE, face à la distance d&apos;une paire appariée. 1 : une réaffectation n&apos;est faite que si elle est rentable ; 100 : correspondPixels de BSDS (coût d&apos;aberrant 100 x maxDist), qui maximise d&apos;abord le nombre d&apos;appariements (F plus élevé, plus lent).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter GT_THRESHOLD label; pixel_cldice: parameter GT_THRESHOLD label; pixel_distances: parameter GT_THRESHOLD label; pixel_iou: parameter GT_THRESHOLD label</extracomment>
        <source>Ground-truth raster threshold (probability map: road where value &gt;= threshold)</source>
        <translation>Seuil du raster de vérité terrain (carte de probabilité : route là où valeur &gt;= seuil)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter GT_THRESHOLD help; pixel_cldice: parameter GT_THRESHOLD help; pixel_distances: parameter GT_THRESHOLD help; pixel_iou: parameter GT_THRESHOLD help</extracomment>
        <source>Road pixels of the ground truth are those &gt;= this value (a probability or score map). Empty: the ground truth is a 0/1 mask (or a class map with ROAD_CLASSES).</source>
        <translation>Les pixels de route de la vérité terrain sont ceux &gt;= cette valeur (carte de probabilité ou de scores). Vide : la vérité terrain est un masque 0/1 (ou une carte de classes avec ROAD_CLASSES).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter PRED_THRESHOLD label; pixel_cldice: parameter PRED_THRESHOLD label; pixel_distances: parameter PRED_THRESHOLD label; pixel_iou: parameter PRED_THRESHOLD label</extracomment>
        <source>Prediction raster threshold (probability map: road where value &gt;= threshold)</source>
        <translation>Seuil du raster de prédiction (carte de probabilité : route là où valeur &gt;= seuil)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter PRED_THRESHOLD help; pixel_cldice: parameter PRED_THRESHOLD help; pixel_distances: parameter PRED_THRESHOLD help; pixel_iou: parameter PRED_THRESHOLD help</extracomment>
        <source>Road pixels of the prediction are those &gt;= this value (e.g. 0.5 for a probability map). Empty: the prediction is a 0/1 mask (or a class map with ROAD_CLASSES).</source>
        <translation>Les pixels de route de la prédiction sont ceux &gt;= cette valeur (par ex. 0,5 pour une carte de probabilité). Vide : la prédiction est un masque 0/1 (ou une carte de classes avec ROAD_CLASSES).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter ROAD_CLASSES label; pixel_cldice: parameter ROAD_CLASSES label; pixel_distances: parameter ROAD_CLASSES label; pixel_iou: parameter ROAD_CLASSES label; raster parameter RASTER_CLASSES label</extracomment>
        <source>Raster road classes (class map)</source>
        <translation>Classes de routes du raster (carte de classes)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: parameter ROAD_CLASSES help; pixel_cldice: parameter ROAD_CLASSES help; pixel_distances: parameter ROAD_CLASSES help; pixel_iou: parameter ROAD_CLASSES help</extracomment>
        <source>Class maps: the values that are road, separated by commas (e.g. &apos;1,2&apos;), the same in both rasters; the IoU metric scores each of them as a class. Empty: 0/1 masks or thresholds.</source>
        <translation>Cartes de classes : les valeurs qui sont des routes, séparées par des virgules (par ex. « 1,2 »), identiques dans les deux rasters ; la métrique IoU évalue chacune d&apos;elles comme une classe. Vide : masques 0/1 ou seuils.</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output F help</extracomment>
        <source>F_alpha of precision and recall.</source>
        <translation>F_alpha de la précision et du rappel.</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output PRECISION help</extracomment>
        <source>Matched predicted boundary / predicted boundary.</source>
        <translation>Contour prédit apparié / contour prédit.</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output RECALL help</extracomment>
        <source>Matched ground-truth boundary / ground-truth boundary.</source>
        <translation>Contour de la vérité terrain apparié / contour de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output TP label</extracomment>
        <source>True positives (pixels or m2)</source>
        <translation>Vrais positifs (pixels ou m2)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output TP help</extracomment>
        <source>Matched predicted boundary pixels (m2 for area).</source>
        <translation>Pixels de contour prédits appariés (m2 pour area).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output FP label</extracomment>
        <source>False positives (pixels or m2)</source>
        <translation>Faux positifs (pixels ou m2)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output FP help</extracomment>
        <source>Unmatched predicted boundary pixels (m2 for area).</source>
        <translation>Pixels de contour prédits non appariés (m2 pour area).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output FN label</extracomment>
        <source>False negatives (pixels or m2)</source>
        <translation>Faux négatifs (pixels ou m2)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: output FN help</extracomment>
        <source>Unmatched ground-truth boundary pixels (m2 for area).</source>
        <translation>Pixels de contour de la vérité terrain non appariés (m2 pour area).</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: map BOUNDARY_MAP label</extracomment>
        <source>Boundary matches (raster)</source>
        <translation>Appariements des contours (raster)</translation>
    </message>
    <message>
        <extracomment>pixel_boundaryf: map BOUNDARY_MAP help</extracomment>
        <source>The boundary pixels of both masks, matched or not by the chosen STRATEGY (unmatched ground truth: FN, unmatched prediction: FP); with the area strategy, the TOLERANCE neighbourhoods of both boundaries instead (in both: TP, only the ground truth&apos;s: FN, only the prediction&apos;s: FP).</source>
        <translation>Les pixels de contour des deux masques, appariés ou non selon la stratégie STRATEGY choisie (vérité terrain non appariée : FN, prédiction non appariée : FP) ; avec la stratégie area, les voisinages TOLERANCE des deux contours à la place (dans les deux : TP, seulement dans celui de la vérité terrain : FN, seulement dans celui de la prédiction : FP).</translation>
    </message>
    <message>
        <extracomment>pixel_cldice: name</extracomment>
        <source>Pixel clDice (masks)</source>
        <translation>clDice par pixels (masques)</translation>
    </message>
    <message>
        <extracomment>pixel_cldice: help</extracomment>
        <source>clDice of two road masks on one grid, as in its paper: the skeleton of each mask (Zhang-Suen thinning, scikit-image&apos;s skeletonize) compared with the other mask. TPREC = share of the predicted skeleton&apos;s pixels inside the ground-truth mask, TSENS = share of the ground-truth skeleton&apos;s pixels inside the predicted mask, CLDICE their harmonic mean. Empty masks: both empty -&gt; 1; one empty -&gt; CLDICE 0.</source>
        <translation>clDice de deux masques de routes sur une même grille, comme dans son article : le squelette de chaque masque (squelettisation de Zhang-Suen, skeletonize de scikit-image) comparé à l&apos;autre masque. TPREC = part des pixels du squelette prédit situés dans le masque de la vérité terrain, TSENS = part des pixels du squelette de la vérité terrain situés dans le masque prédit, CLDICE leur moyenne harmonique. Masques vides : les deux vides -&gt; 1 ; un seul vide -&gt; CLDICE 0.</translation>
    </message>
    <message>
        <extracomment>pixel_cldice: reference</extracomment>
        <source>Shit, Paetzold et al., clDice, CVPR 2021, eq. (1)-(3)</source>
        <translation>Shit, Paetzold et al., clDice, CVPR 2021, éq. (1)-(3)</translation>
    </message>
    <message>
        <extracomment>pixel_cldice: output TPREC help</extracomment>
        <source>Share of the predicted skeleton inside the ground-truth mask.</source>
        <translation>Part du squelette prédit située dans le masque de la vérité terrain.</translation>
    </message>
    <message>
        <extracomment>pixel_cldice: output TSENS help</extracomment>
        <source>Share of the ground-truth skeleton inside the predicted mask.</source>
        <translation>Part du squelette de la vérité terrain située dans le masque prédit.</translation>
    </message>
    <message>
        <extracomment>pixel_cldice: map SKELETON_MAP label</extracomment>
        <source>Skeletons (raster)</source>
        <translation>Squelettes (raster)</translation>
    </message>
    <message>
        <extracomment>pixel_cldice: map SKELETON_MAP help</extracomment>
        <source>The skeleton pixels of both masks, each inside the other mask (counted by TSENS / TPREC) or outside it (missed ground truth, false prediction), over the two masks in light colours.</source>
        <translation>Les pixels des squelettes des deux masques, chacun dans l&apos;autre masque (compté par TSENS / TPREC) ou hors de celui-ci (vérité terrain manquée, prédiction fausse), sur les deux masques en couleurs claires.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: name</extracomment>
        <source>Pixel distance metrics (masks)</source>
        <translation>Métriques de distance par pixels (masques)</translation>
    </message>
    <message>
        <extracomment>pixel_distances: help</extracomment>
        <source>Distances between the boundaries of two road masks on one grid, in metres between pixel centres (anisotropic pixels allowed), as MetricsReloaded defines them: Hausdorff, HD95 (larger of the two directed PERCENTILE-th percentiles; HD95_POOLED pools both directions, as medpy), ASSD (mean over both boundaries together), MASD (mean of the two directed means), CHAMFER (their sum), NSD (share of boundary pixels within TOLERANCE of the other boundary) and Boundary IoU (IoU of the mask pixels within TOLERANCE of each mask&apos;s contour). Empty masks: both empty -&gt; distances 0, NSD and Boundary IoU 1; one empty -&gt; distances NaN, NSD and Boundary IoU 0.</source>
        <translation>Distances entre les contours de deux masques de routes sur une même grille, en mètres entre centres de pixels (pixels anisotropes admis), telles que les définit MetricsReloaded : Hausdorff, HD95 (le plus grand des deux centiles orientés d&apos;ordre PERCENTILE ; HD95_POOLED regroupe les deux sens, comme medpy), ASSD (moyenne sur les deux contours réunis), MASD (moyenne des deux moyennes orientées), CHAMFER (leur somme), NSD (part des pixels de contour à moins de TOLERANCE de l&apos;autre contour) et Boundary IoU (IoU des pixels des masques à moins de TOLERANCE du contour de chaque masque). Masques vides : les deux vides -&gt; distances 0, NSD et Boundary IoU 1 ; un seul vide -&gt; distances NaN, NSD et Boundary IoU 0.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: reference</extracomment>
        <source>Reinke et al., Common limitations of image processing metrics (MetricsReloaded), Figs. 7-9; Nikolov et al. 2021 (surface Dice); Cheng et al., Boundary IoU, CVPR 2021</source>
        <translation>Reinke et al., Common limitations of image processing metrics (MetricsReloaded), fig. 7-9 ; Nikolov et al. 2021 (Dice de surface) ; Cheng et al., Boundary IoU, CVPR 2021</translation>
    </message>
    <message>
        <extracomment>pixel_distances: parameter TOLERANCE help</extracomment>
        <source>Tolerated offset of a boundary pixel for NSD, and the width of the band inside each mask&apos;s contour for Boundary IoU (metres; 4 m ~ half a two-lane road).</source>
        <translation>Décalage toléré d&apos;un pixel de contour pour NSD, et largeur de la bande intérieure au contour de chaque masque pour Boundary IoU (mètres ; 4 m ~ la moitié d&apos;une route à deux voies).</translation>
    </message>
    <message>
        <extracomment>pixel_distances: parameter PERCENTILE help</extracomment>
        <source>Percentile of the boundary distances reported as HD95 and HD95_POOLED (95: the usual HD95).</source>
        <translation>Centile des distances entre contours rapporté comme HD95 et HD95_POOLED (95 : le HD95 habituel).</translation>
    </message>
    <message>
        <extracomment>pixel_distances: parameter BAND_SHAPE label</extracomment>
        <source>Boundary IoU erosion</source>
        <translation>Érosion de la Boundary IoU</translation>
    </message>
    <message>
        <extracomment>pixel_distances: parameter BAND_SHAPE help</extracomment>
        <source>The structuring element that erodes each mask to its Boundary IoU band: disc (the pixels within TOLERANCE, centre to centre, in metres) or square (within TOLERANCE along each axis: Cheng et al.&apos;s reference code, a 3 x 3 erosion repeated TOLERANCE / pixel size times; wider bands on diagonal edges).</source>
        <translation>L&apos;élément structurant qui érode chaque masque en sa bande de Boundary IoU : disque (les pixels à moins de TOLERANCE, de centre à centre, en mètres) ou carré (à moins de TOLERANCE selon chaque axe : le code de référence de Cheng et al., une érosion 3 x 3 répétée TOLERANCE / taille de pixel fois ; bandes plus larges sur les bords diagonaux).</translation>
    </message>
    <message>
        <extracomment>pixel_distances: parameter BAND_SHAPE option</extracomment>
        <source>disc</source>
        <translation>disque</translation>
    </message>
    <message>
        <extracomment>pixel_distances: parameter BAND_SHAPE option</extracomment>
        <source>square</source>
        <translation>carré</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output HAUSDORFF help</extracomment>
        <source>Largest distance from a boundary pixel of either mask to the other boundary.</source>
        <translation>Plus grande distance d&apos;un pixel de contour de l&apos;un des masques à l&apos;autre contour.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output HD95 help</extracomment>
        <source>Larger of the two directed PERCENTILE-th percentiles of the boundary distances (MetricsReloaded).</source>
        <translation>Le plus grand des deux centiles orientés d&apos;ordre PERCENTILE des distances entre contours (MetricsReloaded).</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output HD95_POOLED help</extracomment>
        <source>PERCENTILE-th percentile of the boundary distances of both masks together (medpy).</source>
        <translation>Centile d&apos;ordre PERCENTILE des distances entre contours des deux masques réunis (medpy).</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output ASSD help</extracomment>
        <source>Average symmetric surface distance: mean over the boundary pixels of both masks together.</source>
        <translation>Distance de surface symétrique moyenne : moyenne sur les pixels de contour des deux masques réunis.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output MASD help</extracomment>
        <source>Mean of the two directed mean boundary distances.</source>
        <translation>Moyenne des deux distances moyennes orientées entre contours.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output NSD help</extracomment>
        <source>Share of the boundary pixels of both masks within TOLERANCE of the other boundary.</source>
        <translation>Part des pixels de contour des deux masques à moins de TOLERANCE de l&apos;autre contour.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output BOUNDARY_IOU help</extracomment>
        <source>IoU of the mask pixels within TOLERANCE of each mask&apos;s contour.</source>
        <translation>IoU des pixels des masques à moins de TOLERANCE du contour de chaque masque.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: output CHAMFER help</extracomment>
        <source>Sum of the two directed mean boundary distances.</source>
        <translation>Somme des deux distances moyennes orientées entre contours.</translation>
    </message>
    <message>
        <extracomment>pixel_distances: map BOUNDARY_MAP label</extracomment>
        <source>Boundary distances (raster)</source>
        <translation>Distances des contours (raster)</translation>
    </message>
    <message>
        <extracomment>pixel_distances: map BOUNDARY_MAP help</extracomment>
        <source>The boundary pixels of both masks, each within TOLERANCE of the other boundary (counted by NSD) or farther (missed ground-truth boundary, false predicted boundary); pixels on both boundaries apart.</source>
        <translation>Les pixels de contour des deux masques, chacun à moins de TOLERANCE de l&apos;autre contour (compté par la NSD) ou plus loin (contour de la vérité terrain manqué, contour prédit faux) ; les pixels situés sur les deux contours sont à part.</translation>
    </message>
    <message>
        <extracomment>pixel_iou: name</extracomment>
        <source>Pixel IoU and iIoU (masks)</source>
        <translation>IoU et iIoU par pixels (masques)</translation>
    </message>
    <message>
        <extracomment>pixel_iou: help</extracomment>
        <source>Class IoU and instance-size-rescaled iIoU of two rasters on one grid, counted in pixels (Mapillary Vistas, Cityscapes). With ROAD_CLASSES listing several values of two class maps, each value is a class and IOU / IIOU are the means over the classes; otherwise (0/1 masks, thresholds) the one class is road. iIoU weighs each ground-truth instance (an 8-connected component of its class) by the mean instance size over its own size, so a missed short road costs as much as a missed long one. Ground-truth nodata pixels are ignored. Both empty -&gt; NaN; one empty -&gt; 0.</source>
        <translation>IoU par classe et iIoU repondérée par la taille des instances de deux rasters sur une même grille, comptées en pixels (Mapillary Vistas, Cityscapes). Lorsque ROAD_CLASSES liste plusieurs valeurs de deux cartes de classes, chaque valeur est une classe et IOU / IIOU sont les moyennes sur les classes ; sinon (masques 0/1, seuils), l&apos;unique classe est la route. L&apos;iIoU pondère chaque instance de la vérité terrain (une composante 8-connexe de sa classe) par la taille moyenne des instances divisée par sa propre taille, de sorte qu&apos;une route courte manquée coûte autant qu&apos;une route longue manquée. Les pixels nodata de la vérité terrain sont ignorés. Les deux vides -&gt; NaN ; un seul vide -&gt; 0.</translation>
    </message>
    <message>
        <extracomment>pixel_iou: reference</extracomment>
        <source>Mapillary Vistas evaluation (IoU, iIoU); Cordts et al., Cityscapes, CVPR 2016, sec. 4.1</source>
        <translation>Évaluation Mapillary Vistas (IoU, iIoU) ; Cordts et al., Cityscapes, CVPR 2016, sect. 4.1</translation>
    </message>
    <message>
        <extracomment>pixel_iou: output IOU label</extracomment>
        <source>IoU (mean over classes)</source>
        <translation>IoU (moyenne sur les classes)</translation>
    </message>
    <message>
        <extracomment>pixel_iou: output IOU help</extracomment>
        <source>Pixel IoU TP / (TP + FP + FN), mean over the classes where it is defined.</source>
        <translation>IoU par pixels TP / (TP + FP + FN), moyenne sur les classes où elle est définie.</translation>
    </message>
    <message>
        <extracomment>pixel_iou: output IIOU label</extracomment>
        <source>iIoU (mean over classes)</source>
        <translation>iIoU (moyenne sur les classes)</translation>
    </message>
    <message>
        <extracomment>pixel_iou: output IIOU help</extracomment>
        <source>Instance-size-rescaled IoU, mean over the classes where it is defined.</source>
        <translation>IoU repondérée par la taille des instances, moyenne sur les classes où elle est définie.</translation>
    </message>
    <message>
        <extracomment>pixel_iou: map CONFUSION_MAP label</extracomment>
        <source>Confusion (raster)</source>
        <translation>Confusion (raster)</translation>
    </message>
    <message>
        <extracomment>pixel_iou: map CONFUSION_MAP help</extracomment>
        <source>Each pixel of the grid: true positive (road on both), false positive (road only in the prediction), false negative (road only in the ground truth), wrong class (class maps: road on both, another class) or true negative (transparent); ground-truth nodata pixels are nodata.</source>
        <translation>Chaque pixel de la grille : vrai positif (route des deux côtés), faux positif (route seulement dans la prédiction), faux négatif (route seulement dans la vérité terrain), mauvaise classe (cartes de classes : route des deux côtés, autre classe) ou vrai négatif (transparent) ; les pixels nodata de la vérité terrain restent nodata.</translation>
    </message>
    <message>
        <extracomment>tlts: name</extracomment>
        <source>TLTS (too long / too short)</source>
        <translation>TLTS (trop longs / trop courts)</translation>
    </message>
    <message>
        <extracomment>tlts: help</extracomment>
        <source>Samples N_PATHS pairs of points uniformly along the ground truth (connected pairs only), maps both ends to the nearest prediction location within SNAP_DISTANCE and compares the length-weighted shortest-path lengths L (ground truth) and L&apos; (prediction): correct when |L - L&apos;| &lt;= LENGTH_TOLERANCE % of L, too long or too short otherwise, infeasible when an end has no prediction nearby or the prediction does not connect them. Outputs are fractions of the sampled paths.</source>
        <translation>Tire N_PATHS paires de points uniformément le long de la vérité terrain (paires connexes seulement), associe chaque extrémité à l&apos;emplacement le plus proche de la prédiction à moins de SNAP_DISTANCE et compare les longueurs des plus courts chemins pondérés par la longueur, L (vérité terrain) et L&apos; (prédiction) : correct si |L - L&apos;| &lt;= LENGTH_TOLERANCE % de L, trop long ou trop court sinon, infaisable si une extrémité n&apos;a pas de prédiction proche ou si la prédiction ne les relie pas. Les sorties sont des fractions des chemins tirés.</translation>
    </message>
    <message>
        <extracomment>tlts: reference</extracomment>
        <source>Wegner et al. CVPR 2013; Citraro et al. ECCV 2020 sec. 2.2 (lcit/metrics_delin)</source>
        <translation>Wegner et al. CVPR 2013 ; Citraro et al. ECCV 2020 sec. 2.2 (lcit/metrics_delin)</translation>
    </message>
    <message>
        <extracomment>tlts: parameter N_PATHS label</extracomment>
        <source>Number of sampled paths</source>
        <translation>Nombre de chemins tirés</translation>
    </message>
    <message>
        <extracomment>tlts: parameter N_PATHS help</extracomment>
        <source>Pairs of ground-truth points drawn (reference: 1000).</source>
        <translation>Paires de points de la vérité terrain tirées (référence : 1000).</translation>
    </message>
    <message>
        <extracomment>tlts: parameter SNAP_DISTANCE help</extracomment>
        <source>A path end farther than this from the prediction makes the path infeasible (metres; reference 25 px at 0.5 m/px).</source>
        <translation>Une extrémité de chemin plus loin que cette distance de la prédiction rend le chemin infaisable (mètres ; référence 25 px à 0,5 m/px).</translation>
    </message>
    <message>
        <extracomment>tlts: parameter LENGTH_TOLERANCE label</extracomment>
        <source>Length tolerance</source>
        <translation>Tolérance de longueur</translation>
    </message>
    <message>
        <extracomment>tlts: parameter LENGTH_TOLERANCE help</extracomment>
        <source>A path is correct when the prediction&apos;s length is within this percentage of the ground truth&apos;s (reference 5 %).</source>
        <translation>Un chemin est correct quand sa longueur dans la prédiction est à moins de ce pourcentage de celle de la vérité terrain (référence 5 %).</translation>
    </message>
    <message>
        <extracomment>tlts: parameter LENGTH_TOLERANCE unit</extracomment>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <extracomment>tlts: output CORRECT label</extracomment>
        <source>Correct paths</source>
        <translation>Chemins corrects</translation>
    </message>
    <message>
        <extracomment>tlts: output CORRECT help</extracomment>
        <source>Fraction of paths within LENGTH_TOLERANCE.</source>
        <translation>Fraction des chemins à moins de LENGTH_TOLERANCE.</translation>
    </message>
    <message>
        <extracomment>tlts: output TOO_LONG label</extracomment>
        <source>Too long paths</source>
        <translation>Chemins trop longs</translation>
    </message>
    <message>
        <extracomment>tlts: output TOO_LONG help</extracomment>
        <source>Fraction of paths longer in the prediction.</source>
        <translation>Fraction des chemins plus longs dans la prédiction.</translation>
    </message>
    <message>
        <extracomment>tlts: output TOO_SHORT label</extracomment>
        <source>Too short paths</source>
        <translation>Chemins trop courts</translation>
    </message>
    <message>
        <extracomment>tlts: output TOO_SHORT help</extracomment>
        <source>Fraction of paths shorter in the prediction.</source>
        <translation>Fraction des chemins plus courts dans la prédiction.</translation>
    </message>
    <message>
        <extracomment>tlts: output INFEASIBLE label; tlts: sink UNMATCHED_GT label</extracomment>
        <source>Infeasible paths</source>
        <translation>Chemins infaisables</translation>
    </message>
    <message>
        <extracomment>tlts: output INFEASIBLE help</extracomment>
        <source>Fraction of paths with an end off the prediction or not connected there.</source>
        <translation>Fraction des chemins dont une extrémité est hors de la prédiction ou qui n&apos;y sont pas reliés.</translation>
    </message>
    <message>
        <extracomment>tlts: output TOO_LONG_OR_SHORT label</extracomment>
        <source>Too long or too short paths</source>
        <translation>Chemins trop longs ou trop courts</translation>
    </message>
    <message>
        <extracomment>tlts: output TOO_LONG_OR_SHORT help</extracomment>
        <source>TOO_LONG + TOO_SHORT (the &apos;2l+2s&apos; column of Citraro et al.).</source>
        <translation>TOO_LONG + TOO_SHORT (la colonne « 2l+2s » de Citraro et al.).</translation>
    </message>
    <message>
        <extracomment>tlts: sink MATCHED label</extracomment>
        <source>Sampled paths (correct / too long / too short)</source>
        <translation>Chemins tirés (corrects / trop longs / trop courts)</translation>
    </message>
    <message>
        <extracomment>tlts: sink MATCHED help</extracomment>
        <source>Ground-truth shortest paths whose ends reach the prediction and are connected there; class and both lengths as attributes; coloured by class (green correct, purple too long, orange too short).</source>
        <translation>Plus courts chemins de la vérité terrain dont les extrémités atteignent la prédiction et y sont connectées ; classe et les deux longueurs en attributs ; colorés par classe (vert correct, violet trop long, orange trop court).</translation>
    </message>
    <message>
        <extracomment>tlts: sink MATCHED legend 0</extracomment>
        <source>correct</source>
        <translation>correct</translation>
    </message>
    <message>
        <extracomment>tlts: sink MATCHED legend 1</extracomment>
        <source>too long</source>
        <translation>trop long</translation>
    </message>
    <message>
        <extracomment>tlts: sink MATCHED legend 2</extracomment>
        <source>too short</source>
        <translation>trop court</translation>
    </message>
    <message>
        <extracomment>tlts: sink UNMATCHED_GT help</extracomment>
        <source>Ground-truth shortest paths with an end off the prediction or not connected in it.</source>
        <translation>Plus courts chemins de la vérité terrain dont une extrémité est hors de la prédiction ou qui n&apos;y sont pas reliés.</translation>
    </message>
    <message>
        <extracomment>tlts: sink UNMATCHED_GT legend 3</extracomment>
        <source>infeasible</source>
        <translation>infaisable</translation>
    </message>
    <message>
        <extracomment>topo: name</extracomment>
        <source>TOPO</source>
        <translation>TOPO</translation>
    </message>
    <message>
        <extracomment>topo: help</extracomment>
        <source>Biagioni &amp; Eriksson&apos;s TOPO as in Sat2Graph&apos;s code: seeds every ~SEED_SPACING metres along the ground-truth chains, each paired with the nearest prediction road within MATCH_DISTANCE and ANGLE_TOLERANCE; from both, the roads are walked RADIUS metres along the graph, dropping holes / marbles every SPACING metres with their heading; maximum one-to-one matching within MATCH_DISTANCE and ANGLE_TOLERANCE. AGGREGATION: pooled counts, or Sat2Graph&apos;s mean per-seed precision and coverage-scaled mean recall. VARIANT sat2graph / sat2graph_spacenet: a replay of Sat2Graph&apos;s Python TOPO (City-Scale; SAM-Road&apos;s SpaceNet setting) with the reference&apos;s own constants. Deterministic (no random seed).</source>
        <translation>TOPO de Biagioni &amp; Eriksson tel que dans le code de Sat2Graph : des germes tous les ~SEED_SPACING mètres le long des chaînes de la vérité terrain, chacun associé à la route prédite la plus proche à moins de MATCH_DISTANCE et ANGLE_TOLERANCE ; à partir des deux, les routes sont parcourues sur RADIUS mètres le long du graphe en déposant des trous / billes tous les SPACING mètres avec leur orientation ; appariement un-à-un maximal à moins de MATCH_DISTANCE et ANGLE_TOLERANCE. AGGREGATION : décomptes cumulés (pooled), ou, comme Sat2Graph, précision moyenne par germe et rappel moyen pondéré par la couverture (mean). VARIANT sat2graph / sat2graph_spacenet : le TOPO Python de Sat2Graph rejoué (City-Scale ; réglage SpaceNet de SAM-Road) avec les constantes de la référence. Déterministe (pas de graine aléatoire).</translation>
    </message>
    <message>
        <extracomment>topo: reference</extracomment>
        <source>Biagioni &amp; Eriksson, TRR 2012; He et al. (Sat2Graph), ECCV 2020</source>
        <translation>Biagioni &amp; Eriksson, TRR 2012 ; He et al. (Sat2Graph), ECCV 2020</translation>
    </message>
    <message>
        <extracomment>topo: parameter RADIUS label</extracomment>
        <source>Walk distance</source>
        <translation>Distance de parcours</translation>
    </message>
    <message>
        <extracomment>topo: parameter RADIUS help</extracomment>
        <source>Roads are walked this far along the graph from each seed (Sat2Graph: 0.003 degrees, 333 m at its 111,111 m per degree; 167 m on small SpaceNet tiles).</source>
        <translation>Distance sur laquelle les routes sont parcourues le long du graphe depuis chaque germe (Sat2Graph : 0,003 degré, soit 333 m avec ses 111 111 m par degré ; 167 m sur les petites tuiles SpaceNet).</translation>
    </message>
    <message>
        <extracomment>topo: parameter SPACING label</extracomment>
        <source>Hole / marble spacing</source>
        <translation>Espacement des trous / billes</translation>
    </message>
    <message>
        <extracomment>topo: parameter SPACING help</extracomment>
        <source>Holes and marbles every at most this many metres along the roads (Sat2Graph: 0.00005 degrees, 5.6 m).</source>
        <translation>Trous et billes espacés d&apos;au plus ce nombre de mètres le long des routes (Sat2Graph : 0,00005 degré, 5,6 m).</translation>
    </message>
    <message>
        <extracomment>topo: parameter MATCH_DISTANCE help</extracomment>
        <source>A hole and a marble match when at most this far apart; also the pairing distance of seeds (Sat2Graph: 0.0001 degrees, 11 m).</source>
        <translation>Un trou et une bille sont appariés lorsqu&apos;ils sont distants d&apos;au plus cette valeur ; c&apos;est aussi la distance d&apos;association des germes (Sat2Graph : 0,0001 degré, 11 m).</translation>
    </message>
    <message>
        <extracomment>topo: parameter ANGLE_TOLERANCE label</extracomment>
        <source>Heading tolerance [degrees]</source>
        <translation>Tolérance d&apos;orientation [degrés]</translation>
    </message>
    <message>
        <extracomment>topo: parameter ANGLE_TOLERANCE help</extracomment>
        <source>A hole and a marble (and a seed and its pair) match only if their road headings differ by less than this (undirected, degrees).</source>
        <translation>Un trou et une bille (ainsi qu&apos;un germe et son associé) ne sont appariés que si les orientations de leurs routes diffèrent de moins de cette valeur (sans sens de parcours, en degrés).</translation>
    </message>
    <message>
        <extracomment>topo: parameter SEED_SPACING label</extracomment>
        <source>Seed spacing</source>
        <translation>Espacement des germes</translation>
    </message>
    <message>
        <extracomment>topo: parameter SEED_SPACING help</extracomment>
        <source>Seeds every ~this many metres along each ground-truth chain (Sat2Graph: 0.0005 degrees, about 50 m).</source>
        <translation>Intervalle approximatif, en mètres, entre deux germes le long de chaque chaîne de la vérité terrain (Sat2Graph : 0,0005 degré, environ 50 m).</translation>
    </message>
    <message>
        <extracomment>topo: parameter AGGREGATION label</extracomment>
        <source>Aggregation</source>
        <translation>Agrégation</translation>
    </message>
    <message>
        <extracomment>topo: parameter AGGREGATION help</extracomment>
        <source>pooled: sums of matched / all holes and marbles over seeds. mean: mean per-seed precision and coverage-scaled mean per-seed recall (Sat2Graph&apos;s aggregation, without its TOPO121 filter: VARIANT=sat2graph gives its numbers).</source>
        <translation>pooled : sommes, sur les germes, des trous et billes appariés / de tous les trous et billes. mean : précision moyenne par germe et rappel moyen par germe pondéré par la couverture (l&apos;agrégation de Sat2Graph, sans son filtre TOPO121 : VARIANT=sat2graph donne ses nombres).</translation>
    </message>
    <message>
        <extracomment>topo: parameter VARIANT help</extracomment>
        <source>standard: this implementation, with the parameters above. sat2graph: a replay of Sat2Graph&apos;s Python TOPO as City-Scale papers report it (the input in metres = pixels from the tile&apos;s corner, x = the first pixel coordinate; fake degrees, 1 degree = 111,111 m; seeds every 0.0005 degree, walk 0.003 degree, or 0.0015 when every vertex has x &lt; 1111 m; holes every 0.00005; matching within 0.0001 degree and 45 degrees; TOPO121 filter; recall scaled by kept / all seeds). sat2graph_spacenet: the same with the walk always 0.0015 degree (SAM-Road&apos;s SpaceNet). The replays ignore RADIUS, SPACING, MATCH_DISTANCE, ANGLE_TOLERANCE, SEED_SPACING, AGGREGATION and the network options, and record the constants they used.</source>
        <translation>standard : cette implémentation, avec les paramètres ci-dessus. sat2graph : le TOPO Python de Sat2Graph rejoué tel que les articles City-Scale le publient (l&apos;entrée en mètres = pixels depuis le coin de la tuile, x = la première coordonnée de pixel ; faux degrés, 1 degré = 111 111 m ; germes tous les 0,0005 degré, parcours de 0,003 degré, ou 0,0015 quand tous les sommets ont x &lt; 1111 m ; trous tous les 0,00005 ; appariement à moins de 0,0001 degré et 45 degrés ; filtre TOPO121 ; rappel multiplié par germes gardés / tous les germes). sat2graph_spacenet : la même chose avec un parcours toujours de 0,0015 degré (SpaceNet de SAM-Road). Les rejeux ignorent RADIUS, SPACING, MATCH_DISTANCE, ANGLE_TOLERANCE, SEED_SPACING, AGGREGATION et les options de réseau, et enregistrent les constantes utilisées.</translation>
    </message>
    <message>
        <extracomment>topo: parameter VARIANT option</extracomment>
        <source>standard</source>
        <translation>standard</translation>
    </message>
    <message>
        <extracomment>topo: parameter PRIOR_MAX_A label</extracomment>
        <source>Rows read before (sat2graph)</source>
        <translation>Lignes lues avant (sat2graph)</translation>
    </message>
    <message>
        <extracomment>topo: parameter PRIOR_MAX_A help</extracomment>
        <source>VARIANT=sat2graph: the largest first coordinate of the tiles SAM-Road&apos;s City-Scale script read before this one. Its loop never resets min_lat, so a tile with roads only above row 1111 walks 0.003 degree when an earlier tile reached further down. Batch scoring with --protocol sat2graph_cityscale fills it in the script&apos;s tile order. Empty: the tile alone.</source>
        <translation>VARIANT=sat2graph : la plus grande première coordonnée des tuiles que le script City-Scale de SAM-Road a lues avant celle-ci. Sa boucle ne remet jamais min_lat à zéro : une tuile dont les routes sont toutes au-dessus de la ligne 1111 parcourt 0,003 degré si une tuile précédente allait plus bas. Le calcul par lots avec --protocol sat2graph_cityscale la remplit dans l&apos;ordre des tuiles du script. Vide : la tuile seule.</translation>
    </message>
    <message>
        <extracomment>topo: output TP help</extracomment>
        <source>Matched hole-marble pairs, summed over seeds (pooled in both aggregations).</source>
        <translation>Paires trou-bille appariées, sommées sur les germes (cumulées dans les deux modes d&apos;agrégation).</translation>
    </message>
    <message>
        <extracomment>topo: sink MATCHED help</extracomment>
        <source>Control points (holes and marbles) matched in at least one sampled subgraph. Attributes: source, seed_id (lowest seed whose subgraph gave this outcome), n_subgraphs (how many), seed_distance (along-graph distance from that seed&apos;s centre, m), match_distance (mean distance to the partner, m; empty when unmatched), heading (degrees, 0-180).</source>
        <translation>Points de contrôle (trous et billes) appariés dans au moins un sous-graphe échantillonné. Attributs : source, seed_id (plus petit germe dont le sous-graphe a donné ce résultat), n_subgraphs (nombre de sous-graphes), seed_distance (distance le long du graphe au centre de ce germe, m), match_distance (distance moyenne au partenaire, m ; vide si non apparié), heading (orientation en degrés, 0-180).</translation>
    </message>
    <message>
        <extracomment>topo: sink UNMATCHED_GT help</extracomment>
        <source>Ground-truth control points left unmatched in at least one sampled subgraph. Attributes: source, seed_id (lowest seed whose subgraph gave this outcome), n_subgraphs (how many), seed_distance (along-graph distance from that seed&apos;s centre, m), match_distance (mean distance to the partner, m; empty when unmatched), heading (degrees, 0-180).</source>
        <translation>Points de contrôle de la vérité terrain restés non appariés dans au moins un sous-graphe échantillonné. Attributs : source, seed_id (plus petit germe dont le sous-graphe a donné ce résultat), n_subgraphs (nombre de sous-graphes), seed_distance (distance le long du graphe au centre de ce germe, m), match_distance (distance moyenne au partenaire, m ; vide si non apparié), heading (orientation en degrés, 0-180).</translation>
    </message>
    <message>
        <extracomment>topo: sink UNMATCHED_PRED help</extracomment>
        <source>Prediction control points left unmatched in at least one sampled subgraph. Attributes: source, seed_id (lowest seed whose subgraph gave this outcome), n_subgraphs (how many), seed_distance (along-graph distance from that seed&apos;s centre, m), match_distance (mean distance to the partner, m; empty when unmatched), heading (degrees, 0-180).</source>
        <translation>Points de contrôle de la prédiction restés non appariés dans au moins un sous-graphe échantillonné. Attributs : source, seed_id (plus petit germe dont le sous-graphe a donné ce résultat), n_subgraphs (nombre de sous-graphes), seed_distance (distance le long du graphe au centre de ce germe, m), match_distance (distance moyenne au partenaire, m ; vide si non apparié), heading (orientation en degrés, 0-180).</translation>
    </message>
    <message>
        <extracomment>family Path metrics: description</extracomment>
        <source>whether routes can be driven in the prediction as in the ground truth (connectivity, detours, gaps)</source>
        <translation>si les itinéraires se parcourent dans la prédiction comme dans la vérité terrain (connectivité, détours, coupures)</translation>
    </message>
    <message>
        <extracomment>family Geometric metrics: description</extracomment>
        <source>how much of the road network is found at the right place (length within a buffer, distances)</source>
        <translation>quelle part du réseau est trouvée au bon endroit (longueur dans un tampon, distances)</translation>
    </message>
    <message>
        <extracomment>family Junction metrics: description</extracomment>
        <source>whether junctions are found with the right roads leaving them</source>
        <translation>si les carrefours sont trouvés avec les bonnes routes qui en partent</translation>
    </message>
    <message>
        <extracomment>family Subgraph metrics: description</extracomment>
        <source>local connectivity: small neighbourhoods around sampled points</source>
        <translation>connectivité locale : petits voisinages autour de points tirés au hasard</translation>
    </message>
    <message>
        <extracomment>family Instances and classes: description</extracomment>
        <source>individual roads matched one to one, by class</source>
        <translation>routes individuelles appariées une à une, par classe</translation>
    </message>
    <message>
        <extracomment>family Pixel metrics: description</extracomment>
        <source>two road masks on one grid compared pixel by pixel (overlaps, boundary distances in metres, skeletons)</source>
        <translation>deux masques de routes sur une même grille comparés pixel par pixel (recouvrements, distances entre contours en mètres, squelettes)</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_BAND label</extracomment>
        <source>Raster band</source>
        <translation>Bande du raster</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_BAND help</extracomment>
        <source>Band of a raster input holding the road mask, probability or class map (1 = the first).</source>
        <translation>Bande d&apos;une entrée raster contenant le masque de routes, la carte de probabilité ou la carte de classes (1 = la première).</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_THRESHOLD label</extracomment>
        <source>Raster threshold (probability map: road where value &gt;= threshold)</source>
        <translation>Seuil du raster (carte de probabilité : route là où valeur &gt;= seuil)</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_THRESHOLD help</extracomment>
        <source>For a probability or score map: road pixels are those whose value is at least this. Empty: the raster must be a 0/1 mask, or give the classes.</source>
        <translation>Pour une carte de probabilité ou de scores : les pixels de route sont ceux dont la valeur est au moins égale à ce seuil. Vide : le raster doit être un masque 0/1, sinon indiquez les classes.</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_CLASSES help</extracomment>
        <source>For a class map: the values that are road, separated by commas (e.g. 1,3). Not together with the threshold.</source>
        <translation>Pour une carte de classes : les valeurs qui sont des routes, séparées par des virgules (par ex. 1,3). Pas en même temps que le seuil.</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_MIN_AREA label</extracomment>
        <source>Raster: smallest road component kept</source>
        <translation>Raster : plus petite composante de route conservée</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_MIN_AREA help</extracomment>
        <source>Connected groups of road pixels smaller than this area are removed before thinning (cars, parking bays, noise). 0 keeps every pixel.</source>
        <translation>Les groupes connexes de pixels de route d&apos;une surface inférieure à cette valeur sont supprimés avant la squelettisation (voitures, places de stationnement, bruit). 0 conserve tous les pixels.</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_FILL_HOLES label</extracomment>
        <source>Raster: largest hole filled</source>
        <translation>Raster : plus grand trou rempli</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_FILL_HOLES help</extracomment>
        <source>Holes in the road mask smaller than this area are filled (cars, shadows, tree crowns on a road), so they make no small loops. 0 fills none.</source>
        <translation>Les trous du masque des routes d&apos;une surface inférieure à cette valeur sont remplis (voitures, ombres, couronnes d&apos;arbres sur une route), afin qu&apos;ils ne forment pas de petites boucles. 0 n&apos;en remplit aucun.</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_PRUNE label</extracomment>
        <source>Raster: shortest dead end kept</source>
        <translation>Raster : plus courte impasse conservée</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_PRUNE help</extracomment>
        <source>Skeleton branches from a junction to a free end shorter than this are removed (thinning spurs). 0 keeps them.</source>
        <translation>Les branches du squelette allant d&apos;une jonction à une extrémité libre et plus courtes que cette valeur sont supprimées (ergots de squelettisation). 0 les conserve.</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_SIMPLIFY label</extracomment>
        <source>Raster: simplification tolerance</source>
        <translation>Raster : tolérance de simplification</translation>
    </message>
    <message>
        <extracomment>raster parameter RASTER_SIMPLIFY help</extracomment>
        <source>Douglas-Peucker tolerance that removes the staircase of the pixel skeleton. 0 keeps every pixel centre.</source>
        <translation>Tolérance de Douglas-Peucker qui supprime l&apos;effet d&apos;escalier du squelette de pixels. 0 conserve chaque centre de pixel.</translation>
    </message>
    <message>
        <source>Runs every selected metric on the two layers and writes a self-contained HTML report (scores by family with their meaning, charts, per-class table, map of matched and unmatched parts, warnings) and a table of all scores. With a tile size or a polygon layer of tiles, each tile is evaluated on the networks clipped to it and the scores are aggregated: pooled (sum the counts / path statistics, then the ratios) or mean (mean of tile scores); &lt;i&gt;Tiles without ground truth&lt;/i&gt; says what such tiles count as. Tiles run on several local processes (&lt;i&gt;Worker processes&lt;/i&gt;) or on a Dask cluster (&lt;i&gt;Dask scheduler address&lt;/i&gt;); without tiles the metrics themselves run on the worker processes, heaviest first. &lt;i&gt;Per-metric parameters (JSON)&lt;/i&gt;: optional, e.g. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}. &lt;i&gt;Benchmark protocol&lt;/i&gt;: APLS and TOPO as published tables compute them (Sat2Graph / SAM-Road City-Scale, SAM-Road SpaceNet, SpaceNet), each metric&apos;s own definition beside in the report; whole extent only. All distances are in metres.</source>
        <translation type="vanished">Exécute chaque métrique choisie sur les deux couches et écrit un rapport HTML autonome (résumé, scores par famille avec leur signification, graphiques, tableau par classe, carte des parties appariées et non appariées, avertissements) et une table de tous les scores. Avec une taille de tuile ou une couche de polygones de tuiles, chaque tuile est évaluée sur les réseaux découpés à son emprise et les scores sont agrégés : cumul (somme des comptes / statistiques de chemins, puis les rapports) ou moyenne (moyenne des scores des tuiles) ; &lt;i&gt;Tuiles sans vérité terrain&lt;/i&gt; indique comment ces tuiles comptent. Les tuiles s&apos;exécutent sur plusieurs processus locaux (&lt;i&gt;Processus de calcul&lt;/i&gt;) ou sur une grappe Dask (&lt;i&gt;Adresse de l&apos;ordonnanceur Dask&lt;/i&gt;) ; sans tuiles, les métriques elles-mêmes s&apos;exécutent sur les processus de calcul, les plus lourdes d&apos;abord. &lt;i&gt;Paramètres par métrique (JSON)&lt;/i&gt; : facultatif, par ex. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}. &lt;i&gt;Protocole de benchmark&lt;/i&gt; : APLS et TOPO tels que les tableaux publiés les calculent (Sat2Graph / SAM-Road City-Scale, SAM-Road SpaceNet, SpaceNet), avec la définition propre de chaque métrique à côté dans le rapport ; emprise entière seulement. Toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <source>The ground truth can be a raster (GROUND_TRUTH_RASTER) and methods can be rasters (PREDICTION_RASTERS, e.g. the outputs of several models: 0/1 road masks, probability maps with RASTER_THRESHOLD or class maps with RASTER_CLASSES, in a projected CRS in metres), beside or instead of line layers: their centrelines are extracted first with the advanced RASTER_* parameters, the same for every raster, as the Centrelines algorithm does, and each extraction is recorded in RESULTS and the report.</source>
        <translation type="vanished">La vérité terrain peut être un raster (GROUND_TRUTH_RASTER) et les méthodes peuvent être des rasters (PREDICTION_RASTERS, par ex. les sorties de plusieurs modèles : masques de routes 0/1, cartes de probabilité avec RASTER_THRESHOLD ou cartes de classes avec RASTER_CLASSES, dans un SCR projeté en mètres), en plus ou à la place de couches de lignes : leurs axes sont d&apos;abord extraits avec les paramètres avancés RASTER_*, les mêmes pour chaque raster, comme le fait l&apos;algorithme « Axes des routes d&apos;un raster », et chaque extraction est consignée dans RESULTS et dans le rapport.</translation>
    </message>
    <message>
        <source>{} only apply to a raster input (GROUND_TRUTH_RASTER or PREDICTION_RASTERS), and every input is a line layer.</source>
        <translation type="vanished">{} ne s&apos;applique(nt) qu&apos;à une entrée raster (GROUND_TRUTH_RASTER ou PREDICTION_RASTERS), et toutes les entrées sont des couches de lignes.</translation>
    </message>
    <message>
        <source>Prediction (lines to evaluate)</source>
        <translation type="vanished">Prédiction (lignes à évaluer)</translation>
    </message>
    <message>
        <source>Ground truth (raster mask)</source>
        <translation type="vanished">Vérité terrain (masque raster)</translation>
    </message>
    <message>
        <source>Prediction (raster: mask, probabilities or classes)</source>
        <translation type="vanished">Prédiction (raster : masque, probabilités ou classes)</translation>
    </message>
    <message>
        <source>Band of the ground truth</source>
        <translation type="vanished">Bande de la vérité terrain</translation>
    </message>
    <message>
        <source>Band of the prediction</source>
        <translation type="vanished">Bande de la prédiction</translation>
    </message>
    <message>
        <source>Either input can be a raster instead of lines (GROUND_TRUTH_RASTER, PREDICTION_RASTER: a 0/1 road mask, a probability map with RASTER_THRESHOLD or a class map with RASTER_CLASSES, in a projected CRS in metres): its centrelines are extracted first with the advanced RASTER_* parameters, as the Centrelines algorithm does, and the extraction is recorded in SCORES.</source>
        <translation type="vanished">Chaque entrée peut être un raster au lieu de lignes (GROUND_TRUTH_RASTER, PREDICTION_RASTER : un masque de routes 0/1, une carte de probabilité avec RASTER_THRESHOLD ou une carte de classes avec RASTER_CLASSES, dans un SCR projeté en mètres) : ses axes sont d&apos;abord extraits avec les paramètres avancés RASTER_*, comme le fait l&apos;algorithme « Axes des routes d&apos;un raster », et l&apos;extraction est consignée dans SCORES.</translation>
    </message>
    <message>
        <source>Ground truth as a raster (instead of lines)</source>
        <translation type="vanished">Vérité terrain sous forme de raster (au lieu de lignes)</translation>
    </message>
    <message>
        <source>Prediction as a raster (instead of lines)</source>
        <translation type="vanished">Prédiction sous forme de raster (au lieu de lignes)</translation>
    </message>
    <message>
        <source>{} only apply to a raster input (GROUND_TRUTH_RASTER or PREDICTION_RASTER), and both inputs are line layers.</source>
        <translation type="vanished">{} ne s&apos;applique(nt) qu&apos;à une entrée raster (GROUND_TRUTH_RASTER ou PREDICTION_RASTER), et les deux entrées sont des couches de lignes.</translation>
    </message>
    <message>
        <source>true negative: road on neither side</source>
        <translation type="vanished">vrai négatif : route ni d&apos;un côté ni de l&apos;autre</translation>
    </message>
    <message>
        <source>true positive: road on both sides</source>
        <translation type="vanished">vrai positif : route des deux côtés</translation>
    </message>
    <message>
        <source>false positive: road only in the prediction</source>
        <translation type="vanished">faux positif : route seulement dans la prédiction</translation>
    </message>
    <message>
        <source>false negative: road only in the ground truth</source>
        <translation type="vanished">faux négatif : route seulement dans la vérité terrain</translation>
    </message>
    <message>
        <source>wrong class: road on both sides, different classes</source>
        <translation type="vanished">mauvaise classe : route des deux côtés, classes différentes</translation>
    </message>
    <message>
        <source>ground-truth boundary within the tolerance of the predicted boundary</source>
        <translation type="vanished">contour de la vérité terrain dans la tolérance du contour prédit</translation>
    </message>
    <message>
        <source>ground-truth boundary farther than the tolerance (missed)</source>
        <translation type="vanished">contour de la vérité terrain au-delà de la tolérance (manqué)</translation>
    </message>
    <message>
        <source>predicted boundary within the tolerance of the ground-truth boundary</source>
        <translation type="vanished">contour prédit dans la tolérance du contour de la vérité terrain</translation>
    </message>
    <message>
        <source>predicted boundary farther than the tolerance (false)</source>
        <translation type="vanished">contour prédit au-delà de la tolérance (faux)</translation>
    </message>
    <message>
        <source>on both boundaries (distance 0)</source>
        <translation type="vanished">sur les deux contours (distance 0)</translation>
    </message>
    <message>
        <source>ground-truth boundary, matched</source>
        <translation type="vanished">contour de la vérité terrain, apparié</translation>
    </message>
    <message>
        <source>ground-truth boundary, unmatched (FN)</source>
        <translation type="vanished">contour de la vérité terrain, non apparié (FN)</translation>
    </message>
    <message>
        <source>predicted boundary, matched (TP)</source>
        <translation type="vanished">contour prédit, apparié (TP)</translation>
    </message>
    <message>
        <source>predicted boundary, unmatched (FP)</source>
        <translation type="vanished">contour prédit, non apparié (FP)</translation>
    </message>
    <message>
        <source>on both boundaries, matched on both</source>
        <translation type="vanished">sur les deux contours, apparié des deux côtés</translation>
    </message>
    <message>
        <source>on both boundaries, unmatched on one side</source>
        <translation type="vanished">sur les deux contours, non apparié d&apos;un côté</translation>
    </message>
    <message>
        <source>area strategy: within the tolerance of both boundaries (TP)</source>
        <translation type="vanished">stratégie area : dans la tolérance des deux contours (TP)</translation>
    </message>
    <message>
        <source>area strategy: within the tolerance of the ground-truth boundary only (FN)</source>
        <translation type="vanished">stratégie area : dans la tolérance du seul contour de la vérité terrain (FN)</translation>
    </message>
    <message>
        <source>area strategy: within the tolerance of the predicted boundary only (FP)</source>
        <translation type="vanished">stratégie area : dans la tolérance du seul contour prédit (FP)</translation>
    </message>
    <message>
        <source>road on neither side</source>
        <translation type="vanished">route ni d&apos;un côté ni de l&apos;autre</translation>
    </message>
    <message>
        <source>ground-truth skeleton inside the predicted mask (found)</source>
        <translation type="vanished">squelette de la vérité terrain dans le masque prédit (trouvé)</translation>
    </message>
    <message>
        <source>ground-truth skeleton outside the predicted mask (missed)</source>
        <translation type="vanished">squelette de la vérité terrain hors du masque prédit (manqué)</translation>
    </message>
    <message>
        <source>predicted skeleton inside the ground-truth mask (correct)</source>
        <translation type="vanished">squelette prédit dans le masque de la vérité terrain (correct)</translation>
    </message>
    <message>
        <source>predicted skeleton outside the ground-truth mask (false)</source>
        <translation type="vanished">squelette prédit hors du masque de la vérité terrain (faux)</translation>
    </message>
    <message>
        <source>road only in the ground-truth mask</source>
        <translation type="vanished">route seulement dans le masque de la vérité terrain</translation>
    </message>
    <message>
        <source>road only in the predicted mask</source>
        <translation type="vanished">route seulement dans le masque prédit</translation>
    </message>
    <message>
        <source>The raster {} is in {} ({}), not in metres on the ground, and the extraction&apos;s sizes are metres. Warp it to EPSG:{} first (QGIS: Raster &gt; Projections &gt; Warp (Reproject), nearest neighbour for a mask or a class map; GDAL: gdalwarp -t_srs EPSG:{} -r near).</source>
        <translation type="vanished">Le raster {} est dans {} ({}), pas en mètres sur le terrain, et les tailles de l&apos;extraction sont en mètres. Reprojetez-le d&apos;abord en EPSG:{} (QGIS : Raster &gt; Projections &gt; Projection (warp), plus proche voisin pour un masque ou une carte de classes ; GDAL : gdalwarp -t_srs EPSG:{} -r near).</translation>
    </message>
    <message>
        <source>The raster {} has no road pixel (band {}, threshold {}, classes {}): it gives no line.</source>
        <translation type="vanished">Le raster {} n&apos;a aucun pixel de route (bande {}, seuil {}, classes {}) : il ne donne aucune ligne.</translation>
    </message>
    <message>
        <source>Ground-truth threshold</source>
        <translation type="vanished">Seuil de la vérité terrain</translation>
    </message>
    <message>
        <source>Prediction threshold</source>
        <translation type="vanished">Seuil de la prédiction</translation>
    </message>
    <message>
        <source>Road classes</source>
        <translation type="vanished">Classes de routes</translation>
    </message>
    <message>
        <source>Boundary match map (raster)</source>
        <translation type="vanished">Carte d&apos;appariement des contours (raster)</translation>
    </message>
    <message>
        <source>Skeleton map (raster)</source>
        <translation type="vanished">Carte des squelettes (raster)</translation>
    </message>
    <message>
        <source>Boundary map (raster)</source>
        <translation type="vanished">Carte des contours (raster)</translation>
    </message>
    <message>
        <source>Confusion map (raster)</source>
        <translation type="vanished">Carte de confusion (raster)</translation>
    </message>
    <message>
        <source>Raster threshold (road where value &gt;= threshold)</source>
        <translation type="vanished">Seuil du raster (route là où valeur &gt;= seuil)</translation>
    </message>
    <message>
        <source>Runs every selected metric on the two layers and writes a self-contained HTML report (scores by family with their meaning, charts, per-class table, map of matched and unmatched parts, warnings) and a table of all scores. With a tile size or a polygon layer of tiles, each tile is evaluated on the networks clipped to it and the scores are aggregated: pooled (sum the counts / path statistics, then the ratios) or mean (mean of tile scores); &lt;i&gt;Tiles without ground truth&lt;/i&gt; says what such tiles count as. Tiles run on several local processes (&lt;i&gt;Worker processes&lt;/i&gt;) or on a Dask cluster (&lt;i&gt;Dask scheduler address&lt;/i&gt;); without tiles the metrics themselves run on the worker processes, heaviest first. &lt;i&gt;Per-metric parameters (JSON)&lt;/i&gt;: optional, e.g. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}. All distances are in metres.</source>
        <translation type="vanished">Exécute chaque métrique choisie sur les deux couches et écrit un rapport HTML autonome (résumé, scores par famille avec leur signification, graphiques, tableau par classe, carte des parties appariées et non appariées, avertissements) et une table de tous les scores. Avec une taille de tuile ou une couche de polygones de tuiles, chaque tuile est évaluée sur les réseaux découpés à son emprise et les scores sont agrégés : cumul (somme des comptes / statistiques de chemins, puis les rapports) ou moyenne (moyenne des scores des tuiles) ; &lt;i&gt;Tuiles sans vérité terrain&lt;/i&gt; indique comment ces tuiles comptent. Les tuiles s&apos;exécutent sur plusieurs processus locaux (&lt;i&gt;Processus de calcul&lt;/i&gt;) ou sur une grappe Dask (&lt;i&gt;Adresse de l&apos;ordonnanceur Dask&lt;/i&gt;) ; sans tuiles, les métriques elles-mêmes s&apos;exécutent sur les processus de calcul, les plus lourdes d&apos;abord. &lt;i&gt;Paramètres par métrique (JSON)&lt;/i&gt; : facultatif, par ex. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}. Toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <source>{}: {} &apos;{}&apos; is missing from the {} layer; the field must exist (same name) on both layers</source>
        <translation type="vanished">{} : {} « {} » est absent de la couche de {} ; le champ doit exister (sous le même nom) dans les deux couches</translation>
    </message>
    <message>
        <source>{}: {} &apos;{}&apos; is missing from the {} layer</source>
        <translation type="vanished">{} : {} « {} » est absent de la couche de {}</translation>
    </message>
    <message>
        <source>Biagioni &amp; Eriksson&apos;s TOPO as in Sat2Graph&apos;s code: seeds every ~SEED_SPACING metres along the ground-truth chains, each paired with the nearest prediction road within MATCH_DISTANCE and ANGLE_TOLERANCE; from both, the roads are walked RADIUS metres along the graph, dropping holes / marbles every SPACING metres with their heading; maximum one-to-one matching within MATCH_DISTANCE and ANGLE_TOLERANCE. AGGREGATION: pooled counts, or Sat2Graph&apos;s mean per-seed precision and coverage-scaled mean recall. Deterministic (no random seed).</source>
        <translation type="vanished">TOPO de Biagioni &amp; Eriksson tel que dans le code de Sat2Graph : des germes tous les ~SEED_SPACING mètres le long des chaînes de la vérité terrain, chacun associé à la route prédite la plus proche à moins de MATCH_DISTANCE et ANGLE_TOLERANCE ; à partir des deux, les routes sont parcourues sur RADIUS mètres le long du graphe en déposant des trous / billes tous les SPACING mètres avec leur orientation ; appariement un-à-un maximal à moins de MATCH_DISTANCE et ANGLE_TOLERANCE. AGGREGATION : décomptes cumulés (pooled), ou, comme Sat2Graph, précision moyenne par germe et rappel moyen pondéré par la couverture (mean). Déterministe (pas de graine aléatoire).</translation>
    </message>
    <message>
        <source>pooled: sums of matched / all holes and marbles over seeds. mean: mean per-seed precision and coverage-scaled mean per-seed recall (Sat2Graph).</source>
        <translation type="vanished">pooled : sommes, sur les germes, des trous et billes appariés / de tous les trous et billes. mean : précision moyenne par germe et rappel moyen par germe pondéré par la couverture (Sat2Graph).</translation>
    </message>
    <message>
        <source>Maximum distance between control points along an edge (metres).</source>
        <translation type="vanished">Distance maximale entre deux points de contrôle le long d&apos;une arête (mètres).</translation>
    </message>
    <message>
        <source>spacenet: CosmiQ/SpaceNet rules, harmonic mean. sat2graph: Sat2Graph / RNGDet++ / SAM-Road rules (missing ends always penalised, arithmetic mean).</source>
        <translation type="vanished">spacenet : règles de CosmiQ/SpaceNet, moyenne harmonique. sat2graph : règles de Sat2Graph / RNGDet++ / SAM-Road (extrémités manquantes toujours pénalisées, moyenne arithmétique).</translation>
    </message>
    <message>
        <source>matching ground-truth paths (recall)</source>
        <translation type="vanished">appariement des chemins de vérité terrain (rappel)</translation>
    </message>
    <message>
        <source>matching predicted paths (precision)</source>
        <translation type="vanished">appariement des chemins prédits (précision)</translation>
    </message>
    <message>
        <source>{}, line {}: expected a {} line, got &apos;{}&apos;.</source>
        <translation type="vanished">{}, ligne {} : ligne {} attendue, reçu « {} ».</translation>
    </message>
    <message>
        <source>The ground truth&apos;s CRS ({}) is not in metres and cannot be transformed to WGS 84 to choose a metric UTM zone ({}). Reproject both layers to a metric CRS first (Vector &gt; Data Management Tools &gt; Reproject Layer).</source>
        <translation type="vanished">Le SCR de la vérité terrain ({}) n&apos;est pas en mètres et ne peut pas être transformé en WGS 84 pour choisir une zone UTM métrique ({}). Reprojetez d&apos;abord les deux couches dans un SCR métrique (Vecteur &gt; Outils de gestion de données &gt; Reprojeter une couche).</translation>
    </message>
    <message>
        <source>The ground truth&apos;s CRS ({}) is in {}, not metres: both layers are reprojected to {} and all distances are in metres.</source>
        <translation type="vanished">Le SCR de la vérité terrain ({}) est en {}, pas en mètres : les deux couches sont reprojetées en {} et toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <source>prediction -&gt; ground truth</source>
        <translation type="vanished">prédiction -&gt; vérité terrain</translation>
    </message>
    <message>
        <source>a finite number (metres)</source>
        <translation type="vanished">un nombre fini (mètres)</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation type="vanished">un entier</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="vanished">true ou false</translation>
    </message>
    <message>
        <source>one of {}</source>
        <translation type="vanished">l&apos;une des valeurs {}</translation>
    </message>
    <message>
        <source>a field name</source>
        <translation type="vanished">un nom de champ</translation>
    </message>
    <message>
        <source>a text</source>
        <translation type="vanished">un texte</translation>
    </message>
    <message>
        <source>PARAMETERS: {}.{} must be {}, got {}.</source>
        <translation type="vanished">PARAMETERS : {}.{} doit être {}, reçu {}.</translation>
    </message>
    <message>
        <source>PARAMETERS: {}.{} must be between {} and {}, got {}.</source>
        <translation type="vanished">PARAMETERS : {}.{} doit être compris entre {} et {}, reçu {}.</translation>
    </message>
    <message>
        <source>{} must be a positive distance (metres), got {}</source>
        <translation type="vanished">{} doit être une distance positive (mètres), reçu {}</translation>
    </message>
    <message>
        <source>COUNT must be &gt;= 0, got {}</source>
        <translation type="vanished">COUNT doit être &gt;= 0, reçu {}</translation>
    </message>
    <message>
        <source>Vertices of different lines closer than this are one node (lines connect there).</source>
        <translation type="vanished">Les sommets de lignes différentes plus proches que cette distance forment un seul nœud (les lignes s&apos;y raccordent).</translation>
    </message>
    <message>
        <source>Control points snapped to the other network; graduated by mean_penalty.</source>
        <translation type="vanished">Points de contrôle accrochés à l&apos;autre réseau ; symbologie graduée selon mean_penalty.</translation>
    </message>
    <message>
        <source>Seed of every random draw; same inputs and seed give the same numbers.</source>
        <translation type="vanished">Graine de tous les tirages aléatoires ; mêmes entrées et même graine donnent les mêmes nombres.</translation>
    </message>
    <message>
        <source>One point per match, at the matched feature (ground truth in pass 1, prediction in pass 2): both degrees, distance, matched_to (feature / edge_point); graduated by degree_difference.</source>
        <translation type="vanished">Un point par appariement, sur l&apos;élément apparié (vérité terrain au passage 1, prédiction au passage 2) : les deux degrés, la distance, matched_to (feature / edge_point) ; gradués selon degree_difference.</translation>
    </message>
    <message>
        <source>A path point&apos;s candidates are the closest points of the other network&apos;s edges within this distance (metres; reference 25 px).</source>
        <translation type="vanished">Les candidats d&apos;un point de chemin sont les points les plus proches des arêtes de l&apos;autre réseau à moins de cette distance (mètres ; référence 25 px).</translation>
    </message>
    <message>
        <source>Roads are walked this far along the graph from each seed (Sat2Graph: 0.003 degrees, about 300 m; 150 m on small SpaceNet tiles).</source>
        <translation type="vanished">Distance sur laquelle les routes sont parcourues le long du graphe depuis chaque germe (Sat2Graph : 0,003 degré, environ 300 m ; 150 m sur les petites tuiles SpaceNet).</translation>
    </message>
    <message>
        <source>Holes and marbles every at most this many metres along the roads (Sat2Graph: 0.00005 degrees, about 5 m).</source>
        <translation type="vanished">Trous et billes espacés d&apos;au plus ce nombre de mètres le long des routes (Sat2Graph : 0,00005 degré, environ 5 m).</translation>
    </message>
    <message>
        <source>A hole and a marble match when at most this far apart; also the pairing distance of seeds (Sat2Graph: 0.0001 degrees, about 10 m).</source>
        <translation type="vanished">Un trou et une bille sont appariés lorsqu&apos;ils sont distants d&apos;au plus cette valeur ; c&apos;est aussi la distance d&apos;association des germes (Sat2Graph : 0,0001 degré, environ 10 m).</translation>
    </message>
    <message>
        <source>Scores several predictions (one per method) against one ground truth with every selected metric, ranks the methods by each score, and measures how consistently the metrics rank them: Pearson and Spearman correlations between scores, Equal-Sorting Ratio (share of triplets (reference, method B, method C) that two scores sort alike) and Sorting Margins (Lopez-Molina et al.). With TILE_SIZE or a TILES polygon layer every tile is a reference (as the cities of Citraro et al., Fig. 6 and 8) and the overall scores are aggregated (pooled or mean). SCORES: one headline score per metric (F1, APLS, TLTS correct ...) or every score with a perfect value (lower-is-better scores are negated before comparing). The HTML report shows the scores and ranks, the pairwise-preference bars, the correlation and ESR matrices and the Sorting Margin distributions.</source>
        <translation type="vanished">Évalue plusieurs prédictions (une par méthode) par rapport à une même vérité terrain avec chaque métrique sélectionnée, classe les méthodes selon chaque score et mesure la cohérence des classements donnés par les métriques : corrélations de Pearson et de Spearman entre scores, Equal-Sorting Ratio (part des triplets (référence, méthode B, méthode C) que deux scores ordonnent de la même façon) et Sorting Margins (Lopez-Molina et al.). Avec TILE_SIZE ou une couche de polygones TILES, chaque tuile est une référence (comme les villes de Citraro et al., fig. 6 et 8) et les scores globaux sont agrégés (pooled ou mean). SCORES : un score principal par métrique (F1, APLS, TLTS correct...) ou tous les scores qui ont une valeur parfaite (les scores pour lesquels une valeur plus basse est meilleure sont changés de signe avant la comparaison). Le rapport HTML présente les scores et les rangs, les barres de préférence par paires, les matrices de corrélation et d&apos;ESR ainsi que les distributions des Sorting Margins.</translation>
    </message>
    <message>
        <source>Runs every selected metric on the two layers and writes a self-contained HTML report (scores by family with their meaning, charts, per-class table, map of matched and unmatched parts, warnings) and a table of all scores. With TILE_SIZE or a TILES polygon layer, each tile is evaluated on the networks clipped to it and the scores are aggregated: pooled (sum the counts / path statistics, then the ratios) or mean (mean of tile scores); EMPTY_TILES says what tiles without ground truth count as. Tiles run on WORKERS local processes, or on a Dask cluster given by DASK_SCHEDULER; without tiles the metrics themselves run on WORKERS processes, heaviest first. PARAMETERS: optional JSON of per-metric parameters, e.g. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}.</source>
        <translation type="vanished">Exécute chaque métrique sélectionnée sur les deux couches et écrit un rapport HTML autonome (scores par famille avec leur signification, graphiques, tableau par classe, carte des parties appariées et non appariées, avertissements) ainsi qu&apos;une table de tous les scores. Avec TILE_SIZE ou une couche de polygones TILES, chaque tuile est évaluée sur les réseaux découpés à son emprise et les scores sont agrégés : pooled (somme des décomptes / statistiques de chemins, puis calcul des ratios) ou mean (moyenne des scores des tuiles) ; EMPTY_TILES indique comment comptent les tuiles sans vérité terrain. Les tuiles sont calculées par WORKERS processus locaux, ou sur un cluster Dask désigné par DASK_SCHEDULER ; sans tuiles, ce sont les métriques elles-mêmes qui sont réparties sur WORKERS processus, les plus lourdes d&apos;abord. PARAMETERS : JSON facultatif de paramètres par métrique, par ex. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}.</translation>
    </message>
    <message>
        <source>Writes a copy of a line layer with COUNT synthetic errors of one type (Citraro et al., ECCV 2020, sec. 4.1): interruptions (gaps of GAP_LENGTH that disconnect the road), overconnections (straight spurious roads of MIN_LINK to MAX_LINK joining points at least DETOUR_FACTOR times farther apart along the network), perturbations (junctions and dead ends displaced by MAX_SHIFT / 2 to MAX_SHIFT, roads following, nothing disconnected), doubled roads (a copy shifted by DOUBLE_SHIFT joined at both ends), doubled roads in the ground truth (the copies go into GROUND_TRUTH_OUTPUT) and false positives far away (roads within REMOVAL_RADIUS of random points removed from GROUND_TRUTH_OUTPUT). OUTPUT is the prediction, GROUND_TRUTH_OUTPUT the ground truth to compare it with (both as the network&apos;s roads between junctions; attributes are not kept); ERRORS marks each error. Same SEED, same errors.</source>
        <translation type="vanished">Écrit une copie d&apos;une couche de lignes contenant COUNT erreurs synthétiques d&apos;un même type (Citraro et al., ECCV 2020, sec. 4.1) : interruptions (coupures de GAP_LENGTH qui déconnectent la route), surconnexions (routes parasites rectilignes de MIN_LINK à MAX_LINK reliant des points au moins DETOUR_FACTOR fois plus éloignés le long du réseau), perturbations (carrefours et impasses déplacés de MAX_SHIFT / 2 à MAX_SHIFT, les routes suivant le déplacement, sans aucune déconnexion), routes dédoublées (une copie décalée de DOUBLE_SHIFT, raccordée aux deux extrémités), routes dédoublées dans la vérité terrain (les copies vont dans GROUND_TRUTH_OUTPUT) et faux positifs éloignés (routes à moins de REMOVAL_RADIUS de points aléatoires retirées de GROUND_TRUTH_OUTPUT). OUTPUT est la prédiction, GROUND_TRUTH_OUTPUT la vérité terrain avec laquelle la comparer (toutes deux sous forme des routes du réseau entre carrefours ; les attributs ne sont pas conservés) ; ERRORS localise chaque erreur. Même SEED, mêmes erreurs.</translation>
    </message>
    <message>
        <source>Reproduces Citraro et al.&apos;s synthetic benchmark (ECCV 2020, Fig. 5) on your ground truth: for each error type, each number of errors in COUNTS and each repetition, a perturbed copy is made (as roadmetrics:perturb) and every selected metric compares it with the ground truth. The report has one plot per error type (score against number of errors, one line per metric); a score that changes by less than FLAT_THRESHOLD between 0 and the largest count is flagged as insensitive to that error type. Runs are spread over WORKERS local processes or a Dask cluster (DASK_SCHEDULER); the numbers do not depend on how they are run. TABLE holds every score of every run, SUMMARY the change of each headline score per error type.</source>
        <translation type="vanished">Reproduit le banc d&apos;essai synthétique de Citraro et al. (ECCV 2020, fig. 5) sur votre vérité terrain : pour chaque type d&apos;erreur, chaque nombre d&apos;erreurs de COUNTS et chaque répétition, une copie perturbée est créée (comme avec roadmetrics:perturb) et chaque métrique sélectionnée la compare à la vérité terrain. Le rapport contient un graphique par type d&apos;erreur (score en fonction du nombre d&apos;erreurs, une courbe par métrique) ; un score qui varie de moins de FLAT_THRESHOLD entre 0 et le plus grand nombre d&apos;erreurs est signalé comme insensible à ce type d&apos;erreur. Les exécutions sont réparties sur WORKERS processus locaux ou sur un cluster Dask (DASK_SCHEDULER) ; les résultats ne dépendent pas de la manière dont elles sont exécutées. TABLE contient tous les scores de toutes les exécutions, SUMMARY la variation de chaque score principal par type d&apos;erreur.</translation>
    </message>
    <message>
        <source>Ground-truth shortest paths whose ends reach the prediction and are connected there; class and both lengths as attributes; coloured by class_code (green correct, purple too long, orange too short).</source>
        <translation type="vanished">Plus courts chemins de la vérité terrain dont les extrémités atteignent la prédiction et y sont reliées ; classe et les deux longueurs en attributs ; couleur selon class_code (vert correct, violet trop long, orange trop court).</translation>
    </message>
    <message>
        <source>TP / PP.</source>
        <translation type="vanished">TP / PP.</translation>
    </message>
    <message>
        <source>TP / AP.</source>
        <translation type="vanished">TP / AP.</translation>
    </message>
    <message>
        <source>Runs every selected metric on the two layers and writes a self-contained HTML report (scores by family with their meaning, charts, per-class table, map of matched and unmatched parts, warnings) and a table of all scores. With TILE_SIZE or a TILES polygon layer, each tile is evaluated on the networks clipped to it and the scores are aggregated: pooled (sum the counts / path statistics, then the ratios) or mean (mean of tile scores); EMPTY_TILES says what tiles without ground truth count as. Tiles run on WORKERS local processes, or on a Dask cluster given by DASK_SCHEDULER. PARAMETERS: optional JSON of per-metric parameters, e.g. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}.</source>
        <translation type="vanished">Exécute chaque métrique sélectionnée sur les deux couches et écrit un rapport HTML autonome (scores par famille avec leur signification, graphiques, tableau par classe, carte des parties appariées et non appariées, avertissements) ainsi qu&apos;une table de tous les scores. Avec TILE_SIZE ou une couche de polygones TILES, chaque tuile est évaluée sur les réseaux découpés à son emprise et les scores sont agrégés : pooled (somme des décomptes / statistiques de chemins, puis calcul des ratios) ou mean (moyenne des scores des tuiles) ; EMPTY_TILES indique comment comptent les tuiles sans vérité terrain. Les tuiles sont calculées par WORKERS processus locaux, ou sur un cluster Dask désigné par DASK_SCHEDULER. PARAMETERS : JSON facultatif de paramètres par métrique, par ex. {&quot;apls&quot;: {&quot;VARIANT&quot;: &quot;sat2graph&quot;}}.</translation>
    </message>
</context>
</TS>
