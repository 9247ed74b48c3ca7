<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>RoadMetrics</name>
    <message>
        <extracomment>ui/algorithm.py:59</extracomment>
        <source>Reference: {}</source>
        <translation>Référence : {}</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:60</extracomment>
        <source>Parameters</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:62</extracomment>
        <source>default</source>
        <translation>par défaut</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:65</extracomment>
        <source>Outputs</source>
        <translation>Sorties</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:68</extracomment>
        <source>JSON with every score, the parameters used, counts and warnings.</source>
        <translation>JSON contenant tous les scores, les paramètres utilisés, les décomptes et les avertissements.</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:81</extracomment>
        <source>Ground truth (reference lines)</source>
        <translation>Vérité terrain (lignes de référence)</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:83</extracomment>
        <source>Prediction (lines to evaluate)</source>
        <translation>Prédiction (lignes à évaluer)</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:97</extracomment>
        <source>Scores (JSON)</source>
        <translation>Scores (JSON)</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:151</extracomment>
        <source>ground-truth</source>
        <translation>vérité terrain</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:152; ui/algorithm.py:158; ui/algorithm.py:167</extracomment>
        <source>prediction</source>
        <translation>prédiction</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:157; ui/algorithm.py:167</extracomment>
        <source>ground truth</source>
        <translation>vérité terrain</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:164</extracomment>
        <source>The ground-truth layer has no usable line: {} feature(s), {} without geometry, {} invalid part(s). Select a layer (or features) with roads to compare against.</source>
        <translation>La couche vérité terrain ne contient aucune ligne exploitable : {} entité(s), {} sans géométrie, {} partie(s) invalide(s). Sélectionnez une couche (ou des entités) contenant les routes de référence pour la comparaison.</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:170</extracomment>
        <source>{}: {} invalid line part(s) skipped (fewer than two distinct vertices, non-finite coordinates or failed transformation).</source>
        <translation>{} : {} partie(s) de ligne invalide(s) ignorée(s) (moins de deux sommets distincts, coordonnées non finies ou échec de la transformation).</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:179</extracomment>
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message>
        <extracomment>ui/algorithm.py:182</extracomment>
        <source>Invalid parameters: {}</source>
        <translation>Paramètres invalides : {}</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:37</extracomment>
        <source>Could not load the {} layer.</source>
        <translation>Impossible de charger la couche {}.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:41</extracomment>
        <source>The {} layer must contain lines, but it has {} geometries. Choose a line layer (for polygons, run &apos;Polygons to lines&apos; first).</source>
        <translation>La couche {} doit contenir des lignes, mais ses géométries sont de type {}. Choisissez une couche de lignes (pour des polygones, lancez d&apos;abord « Polygones vers lignes »).</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:50</extracomment>
        <source>The ground truth has no valid CRS: coordinates are used as they are and assumed to be in metres.</source>
        <translation>La vérité terrain n&apos;a pas de SCR valide : les coordonnées sont utilisées telles quelles et supposées être en mètres.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:57</extracomment>
        <source>The ground truth is in a geographic CRS ({}): both layers are reprojected to {} and all distances are in metres.</source>
        <translation>La vérité terrain est dans un SCR géographique ({}) : les deux couches sont reprojetées en {} et toutes les distances sont en mètres.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:65</extracomment>
        <source>The prediction&apos;s CRS ({}) differs from the ground truth&apos;s ({}): the prediction is transformed.</source>
        <translation>Le SCR de la prédiction ({}) diffère de celui de la vérité terrain ({}) : la prédiction est reprojetée.</translation>
    </message>
    <message>
        <extracomment>ui/inputs.py:141</extracomment>
        <source>{}: {} feature(s) without geometry skipped.</source>
        <translation>{} : {} entité(s) sans géométrie ignorée(s).</translation>
    </message>
    <message>
        <extracomment>ui/provider.py:19</extracomment>
        <source>Road network metrics</source>
        <translation>Métriques de réseaux routiers</translation>
    </message>
    <message>
        <extracomment>apls: name</extracomment>
        <source>APLS (average path length similarity)</source>
        <translation>APLS (similarité moyenne des longueurs de chemins)</translation>
    </message>
    <message>
        <extracomment>apls: group</extracomment>
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
        <extracomment>apls: parameter CONTROL_SPACING label</extracomment>
        <source>Control point spacing</source>
        <translation>Espacement des points de contrôle</translation>
    </message>
    <message>
        <extracomment>apls: parameter CONTROL_SPACING help</extracomment>
        <source>Maximum distance between control points along an edge (metres).</source>
        <translation>Distance maximale entre deux points de contrôle le long d&apos;une arête (mètres).</translation>
    </message>
    <message>
        <extracomment>apls: parameter SNAP_DISTANCE label</extracomment>
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
        <extracomment>apls: parameter VARIANT label</extracomment>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <extracomment>apls: parameter VARIANT help</extracomment>
        <source>spacenet: CosmiQ/SpaceNet rules, harmonic mean. sat2graph: Sat2Graph / RNGDet++ / SAM-Road rules (missing ends always penalised, arithmetic mean).</source>
        <translation>spacenet : règles de CosmiQ/SpaceNet, moyenne harmonique. sat2graph : règles de Sat2Graph / RNGDet++ / SAM-Road (extrémités manquantes toujours pénalisées, moyenne arithmétique).</translation>
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
        <extracomment>apls: parameter MERGE_TOLERANCE label</extracomment>
        <source>Vertex merge tolerance</source>
        <translation>Tolérance de fusion des sommets</translation>
    </message>
    <message>
        <extracomment>apls: parameter MERGE_TOLERANCE help</extracomment>
        <source>Vertices of different lines closer than this are one node (lines connect there).</source>
        <translation>Les sommets de lignes différentes plus proches que cette distance forment un seul nœud (les lignes s&apos;y raccordent).</translation>
    </message>
    <message>
        <extracomment>apls: parameter NODE_CROSSINGS label</extracomment>
        <source>Connect lines where they cross</source>
        <translation>Raccorder les lignes à leurs croisements</translation>
    </message>
    <message>
        <extracomment>apls: parameter NODE_CROSSINGS help</extracomment>
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
        <extracomment>apls: sink MATCHED label</extracomment>
        <source>Matched control points</source>
        <translation>Points de contrôle appariés</translation>
    </message>
    <message>
        <extracomment>apls: sink MATCHED help</extracomment>
        <source>Control points snapped to the other network; graduated by mean_penalty.</source>
        <translation>Points de contrôle accrochés à l&apos;autre réseau ; symbologie graduée selon mean_penalty.</translation>
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
</context>
</TS>
